import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { requiredDocuments } from '../../../shared/required-documents';
import type { ApplicationType } from '../../../shared/wizard-driver';
import { isLanguage } from '../../app/i18n';
import { useSplash } from '../splash/splash-api';
import { documentId } from './field-paths';
import type { StepAnswers } from './wizard-slice';

/**
 * The uploads step: the documents this application needs (by type and storey count). Uploading is
 * not open yet (no upload endpoint), and the page says so rather than pretend.
 */
export function RequiredDocuments({ type, answers }: { type: ApplicationType; answers: Record<string, StepAnswers> }) {
  const { t, i18n } = useTranslation();
  const splash = useSplash();
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  const documents = requiredDocuments(type, answers, splash);
  return (
    <Box sx={{ mb: 2 }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('wizard.uploads.opening_soon')}
      </Alert>
      <Typography component="h3" variant="h6" id="required-documents" gutterBottom>
        {t('wizard.uploads.required')}
      </Typography>
      <Box component="ul" aria-labelledby="required-documents" sx={{ pl: 2.5, mt: 0 }}>
        {documents.map((document) => (
          <Box component="li" key={document.code} id={documentId(document.code)} tabIndex={-1} sx={{ mb: 1 }}>
            <strong>{document.name[lng]}</strong>: {document.description[lng]}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
