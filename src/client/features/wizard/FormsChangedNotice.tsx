import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { QuestionToAnswer } from '../../../shared/forms-changed';

/**
 * The forms changed since the draft was saved: a plain message naming, in the applicant's language,
 * each question to answer now (a field by its label, a new step by its title). Loaded only when shown.
 */
export function FormsChangedNotice({
  questions,
  titleOf,
}: {
  questions: QuestionToAnswer[];
  titleOf: (step: string) => string;
}) {
  const { t } = useTranslation();
  const named = questions.map((question) =>
    question.field === undefined
      ? t('wizard.forms_changed.step', { step: titleOf(question.step) })
      : t('wizard.forms_changed.field', { step: titleOf(question.step), field: t(`forms:${question.label}`) }),
  );
  return (
    <Alert severity="info" role="status" sx={{ mb: 3 }}>
      <AlertTitle>{t('wizard.forms_changed.title')}</AlertTitle>
      {t('wizard.forms_changed.body')}
      <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
        {named.map((text, i) => (
          <li key={`${questions[i]!.step}/${questions[i]!.field ?? ''}`}>{text}</li>
        ))}
      </Box>
    </Alert>
  );
}
