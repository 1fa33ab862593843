import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { QuestionSpec, ShowWhen } from '../../../shared/api/studio';

interface ShowWhenEditorProps {
  id: string;
  value: ShowWhen | undefined;
  /** The questions before this one in the step (a condition may only look back). */
  earlier: QuestionSpec[];
  onChange: (next: ShowWhen | undefined) => void;
}

/** The answers a condition can name: yes or no, or one of a choice's options. */
function answersOf(question: QuestionSpec | undefined): { value: string | boolean; words: string | null }[] {
  if (!question) return [];
  if (question.type === 'yes_no')
    return [
      { value: true, words: null },
      { value: false, words: null },
    ];
  if (question.type === 'choice')
    return (question.options ?? []).map((o) => ({ value: o.value, words: o.label.en || o.value }));
  return [];
}

const canCondition = (question: QuestionSpec) => answersOf(question).length > 0;

/** "Show only when <an earlier yes/no or choice question> is <one of its answers>"; always by default. */
export function ShowWhenEditor({ id, value, earlier, onChange }: ShowWhenEditorProps) {
  const { t, i18n } = useTranslation('studio');
  const lng = i18n.language === 'sw' ? 'sw' : 'en';
  const candidates = earlier.filter(canCondition);
  const chosen = candidates.find((q) => q.name === value?.field);
  const answers = answersOf(chosen);
  const wordsOf = (answer: { value: string | boolean; words: string | null }) => {
    if (typeof answer.value === 'boolean') return t(answer.value ? 'editor.answer_yes' : 'editor.answer_no');
    const option = chosen?.options?.find((o) => o.value === answer.value);
    return option?.label[lng] || answer.words || String(answer.value);
  };
  const pickField = (field: string) => {
    const question = candidates.find((q) => q.name === field);
    const first = answersOf(question)[0];
    onChange(question && first ? { field, equals: first.value } : undefined);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
      <TextField
        id={`${id}-when-field`}
        select
        label={t('editor.show_when')}
        value={chosen?.name ?? ''}
        onChange={(event) => pickField(event.target.value)}
        helperText={candidates.length === 0 ? t('editor.show_when_none') : undefined}
        slotProps={{ select: { native: true } }}
        sx={{ flex: 1 }}
      >
        <option value="">{t('editor.show_always')}</option>
        {candidates.map((q) => (
          <option key={q.name} value={q.name}>
            {q.label[lng] || q.name}
          </option>
        ))}
      </TextField>
      {chosen && value && (
        <TextField
          id={`${id}-when-equals`}
          select
          label={t('editor.show_when_is')}
          value={String(value.equals)}
          onChange={(event) => {
            const answer = answers.find((a) => String(a.value) === event.target.value);
            if (answer) onChange({ field: chosen.name, equals: answer.value });
          }}
          slotProps={{ select: { native: true } }}
          sx={{ flex: 1 }}
        >
          {answers.map((answer) => (
            <option key={String(answer.value)} value={String(answer.value)}>
              {wordsOf(answer)}
            </option>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
