import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StudioProblem } from '../../../shared/api/studio';
import type { FormsSet } from '../../../shared/forms';
import { inLanguage } from '../form-texts';
import { useLanguage } from '../use-language';

/** The documents the applicant uploads, in order, required or not, with their problems' count. */
export function DocumentList({ set, problems }: { set: FormsSet; problems: StudioProblem[] }) {
  const { t } = useTranslation('studio');
  const language = useLanguage();
  return (
    <Box component="section" aria-labelledby="documents-heading" sx={{ mb: 3 }}>
      <Typography id="documents-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('overview.documents')}
      </Typography>
      <ul style={{ marginTop: 0 }}>
        {set.documents.map((document) => {
          const problemCount = problems.filter((p) => p.document === document.id).length;
          return (
            <li key={document.id}>
              {inLanguage(document.name, language, document.id)} (
              {document.required ? t('overview.required') : t('overview.optional')})
              {problemCount > 0 && (
                <Typography component="span" color="error" sx={{ ml: 1 }}>
                  {t('overview.step_problems', { count: problemCount })}
                </Typography>
              )}
            </li>
          );
        })}
      </ul>
    </Box>
  );
}
