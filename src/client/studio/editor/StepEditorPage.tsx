import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { QuestionSpec, StudioDraftAnswer } from '../../../shared/api/studio';
import { readStep, type StepView } from '../../../shared/studio/step-view';
import { PageHeading } from '../PageHeading';
import { useGetDraftQuery } from '../studio-api';
import { AddQuestion } from './AddQuestion';
import { AdvancedEditor } from './AdvancedEditor';
import { AdvancedFields } from './AdvancedFields';
import { LivePreview } from './LivePreview';
import { ProblemList } from './ProblemList';
import { QuestionCard } from './QuestionCard';
import { questionItem, stepItem } from './question-body';
import { previewEditsStore } from './preview-set';
import { StepTexts } from './StepTexts';

type Mode = 'questions' | 'advanced';

function viewOf(answer: StudioDraftAnswer, step: string): StepView | null {
  if (!Object.hasOwn(answer.draft.set.steps, step)) return null;
  try {
    return readStep(answer.draft.set, step);
  } catch {
    return null;
  }
}

/** The studio's page of one step: its texts, its questions (or, in advanced mode, its schemas) and the live preview. */
export function StepEditorPage() {
  const { step = '' } = useParams();
  const { t } = useTranslation('studio');
  const { data, isLoading, isError, refetch } = useGetDraftQuery();
  if (isLoading) return <CircularProgress aria-label={t('editor.loading')} />;
  if (isError || !data) return <Alert severity="error">{t('editor.load_failed')}</Alert>;
  const view = viewOf(data, step);
  if (!view) return <Alert severity="error">{t('editor.no_step', { step })}</Alert>;
  return <StepEditor key={step} answer={data} view={view} onStale={() => void refetch()} />;
}

export default StepEditorPage;

interface StepEditorProps {
  answer: StudioDraftAnswer;
  view: StepView;
  onStale: () => void;
}

function StepEditor({ answer, view, onStale }: StepEditorProps) {
  const { t, i18n } = useTranslation('studio');
  const { draft, problems } = answer;
  const { step } = view;
  const lng = i18n.language === 'sw' ? 'sw' : 'en';
  const [mode, setMode] = useState<Mode>('questions');
  const [edits] = useState(previewEditsStore);
  const [added, setAdded] = useState<string | null>(null);
  const onEdited = useCallback(
    (name: string, spec: QuestionSpec | null) =>
      edits.question(name, spec, draft.revisions[questionItem(step, name)] ?? 0),
    [edits, draft.revisions, step],
  );
  const stale = useCallback(() => void onStale(), [onStale]);

  const stepProblems = problems.filter((p) => p.step === step && !p.field);
  const taken = view.order;
  const stepRevision = draft.revisions[stepItem(step)] ?? 0;
  const title = view.title[lng] || view.title.en || step;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) auto' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <PageHeading title={t('editor.heading', { title })} />
        <StepTexts
          step={step}
          texts={{ title: view.title, description: view.description }}
          revision={stepRevision}
          onStale={stale}
        />
        <ProblemList problems={stepProblems} id={`step-${step}-problems`} />
        <Tabs
          value={mode}
          onChange={(_event, next: Mode) => setMode(next)}
          aria-label={t('editor.mode')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          <Tab
            value="questions"
            label={t('editor.mode_questions')}
            id="tab-questions"
            aria-controls="panel-questions"
          />
          <Tab value="advanced" label={t('editor.mode_advanced')} id="tab-advanced" aria-controls="panel-advanced" />
        </Tabs>
        {mode === 'questions' ? (
          <Stack spacing={3} role="tabpanel" id="panel-questions" aria-labelledby="tab-questions">
            <Typography component="h2" variant="h5">
              {t('editor.questions_heading')}
            </Typography>
            {view.questions.length === 0 && <Typography>{t('editor.no_questions')}</Typography>}
            {view.questions.map((question, index) => {
              const before = view.questions[index - 1];
              const after = view.questions[index + 1];
              return (
                <QuestionCard
                  key={question.name}
                  step={step}
                  question={question}
                  revision={draft.revisions[questionItem(step, question.name)] ?? 0}
                  number={index + 1}
                  earlier={view.questions.slice(0, index)}
                  problems={problems.filter((p) => p.step === step && p.field === question.name)}
                  upTo={before ? view.order.indexOf(before.name) : undefined}
                  downTo={after ? view.order.indexOf(after.name) : undefined}
                  onEdited={onEdited}
                  onStale={stale}
                  startOpen={question.name === added}
                />
              );
            })}
            <AdvancedFields fields={view.advanced} />
            <AddQuestion step={step} draft={draft} taken={taken} onAdded={setAdded} />
          </Stack>
        ) : (
          <Box role="tabpanel" id="panel-advanced" aria-labelledby="tab-advanced">
            <AdvancedEditor
              step={step}
              form={draft.set.steps[step]!}
              revision={stepRevision}
              onStale={stale}
              onEdited={edits.raw}
            />
          </Box>
        )}
      </Stack>
      <Box sx={{ position: { xl: 'sticky' }, top: { xl: 16 }, minWidth: 0 }}>
        <LivePreview draft={draft} step={step} advanced={mode === 'advanced'} edits={edits} />
      </Box>
    </Box>
  );
}
