import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { StudioProblem } from '../../../shared/api/studio';

/**
 * The checker's problems about one thing (a question, a step), next to it. An error blocks publish; a
 * warning does not. The checker writes its messages in English (src/shared/forms-check), the
 * severity is said in the staff member's language.
 */
export function ProblemList({ problems, id }: { problems: StudioProblem[]; id?: string }) {
  const { t } = useTranslation('studio');
  if (problems.length === 0) return null;
  return (
    <Stack id={id} spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('editor.problems')}>
      {problems.map((problem, index) => (
        <li key={index}>
          <Alert severity={problem.severity === 'error' ? 'error' : 'warning'}>
            <strong>{t(problem.severity === 'error' ? 'editor.problem_error' : 'editor.problem_warning')}</strong>{' '}
            <span lang="en">{problem.message}</span>
          </Alert>
        </li>
      ))}
    </Stack>
  );
}
