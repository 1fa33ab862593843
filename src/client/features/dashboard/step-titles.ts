import { useTranslation } from 'react-i18next';
import { useForms } from '../../forms/forms-query';
import { stepTitle } from '../../forms/translate-schema';

/**
 * A step's title in the reader's language, from the served forms (as SavedAnswers reads them: the
 * dashboard's page loads the forms' texts); the step id in words until they are there.
 */
export function useStepTitles(): (step: string) => string {
  const { t } = useTranslation();
  const forms = useForms();
  return (step) => stepTitle(forms.data?.steps[step], (key) => t(`forms:${key}`), step.replace(/_/g, ' '));
}
