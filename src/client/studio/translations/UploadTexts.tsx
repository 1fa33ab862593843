import { useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TEXTS_CSV_MAX_BYTES } from '../../../shared/api/studio';
import { ErrorSummary, type SummaryError } from '../ErrorSummary';
import { useGetDraftQuery, useImportTextsMutation } from '../studio-api';
import { ImportResult } from './ImportResult';

const FIELD = 'texts-file';

/** Upload a translated CSV: the Swahili it brings is saved in the draft, and what needs a look is listed. */
export function UploadTexts() {
  const { t } = useTranslation('studio');
  const draft = useGetDraftQuery();
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [importTexts, { data, error, isLoading }] = useImportTextsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: SummaryError[] = [];
    if (!file) found.push({ id: FIELD, message: t('translations.file_required') });
    else if (file.size > TEXTS_CSV_MAX_BYTES) found.push({ id: FIELD, message: t('translations.file_too_large') });
    setErrors(found);
    setAttempt((n) => n + 1);
    if (!file || found.length || !draft.data) return;
    const csv = (await file.text()).replace(/^\uFEFF/, '');
    await importTexts({ base: draft.data.draft.revisions.texts ?? 0, csv });
  };

  return (
    <Box component="section" aria-labelledby="import-heading" sx={{ mb: 3 }}>
      <Typography id="import-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('translations.import_title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('translations.import_body')}</Typography>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <ErrorSummary errors={errors} attempt={attempt} />
        {error && 'message' in error && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {error.message}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2, alignItems: 'flex-start' }}>
          <label htmlFor={FIELD}>{t('translations.file')}</label>
          <input
            id={FIELD}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={errors.length > 0}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null)}
          />
        </Box>
        {/* The draft gives the texts' revision the upload is made on: the button waits for it. */}
        <Button type="submit" variant="contained" disabled={isLoading || !draft.data}>
          {t('translations.upload')}
        </Button>
      </form>
      {data && <ImportResult result={data} />}
    </Box>
  );
}
