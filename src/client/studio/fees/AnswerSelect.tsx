import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { inLanguage } from '../form-texts';
import { useLanguage } from '../use-language';
import type { FeeAnswer } from './fee-edits';

export interface AnswerSelectProps {
  label: string;
  value: string | undefined;
  answers: FeeAnswer[];
  onChange: (answer: FeeAnswer) => void;
}

/**
 * Which answer a fee part counts or picks its rate by, as "<step>: <question>" in the studio's language.
 * An answer the schedule names that the list lacks (a question removed since) stays shown as written,
 * so that nothing is changed by opening the page; the checker says what is wrong with it.
 */
export function AnswerSelect({ label, value, answers, onChange }: AnswerSelectProps) {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  const known = answers.some((a) => a.answer === value);
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(event) => {
        const picked = answers.find((a) => a.answer === event.target.value);
        if (picked) onChange(picked);
      }}
      slotProps={{ select: { native: true } }}
      sx={{ flex: '1 1 16rem', maxWidth: '100%' }}
    >
      {!known && <option value={value ?? ''}>{value ?? ''}</option>}
      {answers.map((a) => (
        <option key={a.answer} value={a.answer}>
          {t('fees.answer_option', {
            step: inLanguage(a.stepTitle, language, a.step),
            question: inLanguage(a.label, language, a.answer),
          })}
        </option>
      ))}
    </TextField>
  );
}
