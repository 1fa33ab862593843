import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { QuestionSpec, StudioProblem } from '../../../shared/api/studio';
import { useSaveQuestionMutation } from '../studio-api';
import { CardActions } from './CardActions';
import { ConflictNotice } from './ConflictNotice';
import { ProblemList } from './ProblemList';
import { QuestionEditor } from './QuestionEditor';
import { questionItem, saveQuestionRequest } from './question-body';
import { SaveStatus } from './SaveStatus';
import { sendResult } from './save-result';
import { useAutoSave, type Send } from './use-auto-save';

export interface QuestionCardProps {
  step: string;
  question: QuestionSpec;
  /** The question's revision in the draft (its item's). */
  revision: number;
  /** 1-based, for its heading. */
  number: number;
  earlier: QuestionSpec[];
  problems: StudioProblem[];
  /** Where "move up" and "move down" put it in the step's order; undefined at either end. */
  upTo?: number;
  downTo?: number;
  /** The question as edited, not saved yet (null: being removed), for the live preview. */
  onEdited: (name: string, spec: QuestionSpec | null) => void;
  /** Someone else changed the draft: it is read again. */
  onStale: () => void;
  /** Open its editor at once (a question just added). */
  startOpen?: boolean;
}

/** One question of the step: its editor, saved as the editor types, its problems, and its place in the step. */
export function QuestionCard(props: QuestionCardProps) {
  const { step, question, revision, onEdited, onStale } = props;
  const { name } = question;
  const { t, i18n } = useTranslation('studio');
  const [spec, setSpec] = useState(question);
  // Closed, a question is its summary: a step of a dozen questions reads at a glance (and weighs little).
  const [open, setOpen] = useState(props.startOpen === true);
  const [saveQuestion] = useSaveQuestionMutation();
  const send: Send<QuestionSpec | null> = async (value, base, extra) =>
    sendResult(
      await saveQuestion(saveQuestionRequest(step, name, base, value, extra?.position)),
      questionItem(step, name),
    );
  const save = useAutoSave(revision, send);

  // Another editor's save of this question, seen in the draft: shown when nothing here waits to be saved.
  const [seen, setSeen] = useState(revision);
  if (revision !== seen) {
    setSeen(revision);
    if (save.syncTo(revision)) setSpec(question);
  }

  useEffect(() => {
    if (save.conflict) onStale();
  }, [save.conflict, onStale]);

  const change = (next: QuestionSpec) => {
    setSpec(next);
    onEdited(name, next);
    save.edit(next);
  };
  const takeTheirs = () => {
    const theirs = save.conflict?.question;
    save.takeTheirs();
    if (theirs) {
      setSpec(theirs);
      onEdited(name, theirs);
    }
  };
  const remove = () => {
    onEdited(name, null);
    void save.saveNow(null);
  };

  const lng = i18n.language === 'sw' ? 'sw' : 'en';
  const title = spec.label[lng] || spec.label.en || name;
  const headingId = `q-${name}-heading`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Box>
          <Typography id={headingId} component="h3" variant="h6">
            {t('editor.question_heading', { number: props.number, title })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('editor.field_name', { name })}
          </Typography>
        </Box>
        <ProblemList problems={props.problems} id={`q-${name}-problems`} />
        {save.conflict && <ConflictNotice conflict={save.conflict} onTheirs={takeTheirs} onMine={save.keepMine} />}
        {open ? (
          <QuestionEditor spec={spec} onChange={change} earlier={props.earlier} />
        ) : (
          <Typography variant="body2">
            {t(`editor.type.${spec.type}`)} · {t(spec.required ? 'editor.summary_required' : 'editor.summary_optional')}
          </Typography>
        )}
        <SaveStatus state={save.state} failure={save.failure?.message} />
        <CardActions
          open={open}
          onToggle={() => setOpen(!open)}
          onUp={props.upTo === undefined ? undefined : () => void save.saveNow(spec, { position: props.upTo })}
          onDown={props.downTo === undefined ? undefined : () => void save.saveNow(spec, { position: props.downTo })}
          onRemove={remove}
          labels={{
            edit: t('editor.edit_question', { title }),
            close: t('editor.close_question', { title }),
            up: t('editor.question_up', { title }),
            down: t('editor.question_down', { title }),
            remove: t('editor.question_remove', { title }),
            removeConfirm: t('editor.remove_confirm', { title }),
            removeYes: t('editor.remove_yes'),
          }}
        />
      </Stack>
    </Paper>
  );
}
