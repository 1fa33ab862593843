import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../PageHeading';
import { useExportTextsMutation } from '../studio-api';
import { saveFile } from './save-file';
import { UploadTexts } from './UploadTexts';

/** The translation round trip: the draft's texts as a CSV for a translator, and the file taken back. */
export function TranslationsPage() {
  const { t } = useTranslation('studio');
  const [exportTexts, { isLoading, error }] = useExportTextsMutation();
  const download = async () => {
    const answer = await exportTexts();
    if (answer.data) saveFile(answer.data.csv, answer.data.file_name, 'text/csv;charset=utf-8');
  };
  return (
    <>
      <PageHeading title={t('translations.title')} />
      <Box component="section" aria-labelledby="export-heading" sx={{ mb: 3 }}>
        <Typography id="export-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
          {t('translations.export_title')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('translations.export_body')}</Typography>
        {error && 'message' in error && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {error.message}
          </Alert>
        )}
        <Button variant="contained" disabled={isLoading} onClick={() => void download()}>
          {t('translations.download')}
        </Button>
      </Box>
      <UploadTexts />
    </>
  );
}
