import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { StudioProblem } from '../../../shared/api/studio';

/**
 * The checker's problems about one thing (a question, a step), next to it. An error blocks publish; a
 * warning does not. A problem is said in the staff member's language by its code (locales/<language>/
 * checks.json); one without a code, or whose code has no text, in the checker's English message.
 */
export function ProblemList({ problems, id }: { problems: StudioProblem[]; id?: string }) {
  const { t, i18n } = useTranslation(['studio', 'checks']);
  if (problems.length === 0) return null;
  const said = (problem: StudioProblem) =>
    problem.code && i18n.exists(`checks:${problem.code}`) ? (
      <span>{t(`checks:${problem.code}`, { ...problem.params })}</span>
    ) : (
      <span lang="en">{problem.message}</span>
    );
  return (
    <Stack id={id} spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('editor.problems')}>
      {problems.map((problem, index) => (
        <li key={index}>
          <Alert severity={problem.severity === 'error' ? 'error' : 'warning'}>
            <strong>{t(problem.severity === 'error' ? 'editor.problem_error' : 'editor.problem_warning')}</strong>{' '}
            {said(problem)}
          </Alert>
        </li>
      ))}
    </Stack>
  );
}
