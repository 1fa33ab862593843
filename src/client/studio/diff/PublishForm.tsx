import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PUBLISH_SUMMARY_MAX, type StudioDraftAnswer } from '../../../shared/api/studio';
import { ErrorSummary, type SummaryError } from '../ErrorSummary';
import { usePreviewedRevision } from '../preview-checked';
import { usePublishMutation } from '../studio-api';

const CONFLICT = 409;

/**
 * Publish: a summary of why, no error left in the draft, and the draft previewed as it is now. What
 * is sent is the revision the preview showed, so a change saved since is refused (409), never published
 * unseen.
 */
export function PublishForm({ draft, changes }: { draft: StudioDraftAnswer; changes: number }) {
  const { t } = useTranslation('studio');
  const previewed = usePreviewedRevision();
  const [summary, setSummary] = useState('');
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [publish, { isLoading, error, data, reset }] = usePublishMutation();
  const problems = draft.problems.filter((p) => p.severity === 'error').length;
  const previewedNow = previewed === draft.draft.revision;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    const found: SummaryError[] = [];
    if (!summary.trim()) found.push({ id: 'publish-summary', message: t('publish.summary_required') });
    if (problems > 0) found.push({ message: t('publish.has_problems', { count: problems }) });
    if (!previewedNow) found.push({ message: t('publish.preview_first') });
    setErrors(found);
    setAttempt((n) => n + 1);
    if (found.length || previewed === null) return;
    await publish({ revision: previewed, summary: summary.trim() });
  };

  const failure = error && 'code' in error ? error : undefined;
  return (
    <Box component="section" aria-labelledby="publish-heading" sx={{ mb: 3 }}>
      <Typography id="publish-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('publish.title')}
      </Typography>
      {data && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('publish.done', { version: data.version })}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure.code === CONFLICT ? t('publish.changed_since_preview') : failure.message}
        </Alert>
      )}
      <Typography sx={{ mb: 2 }}>
        {previewedNow ? t('publish.previewed', { revision: draft.draft.revision }) : t('publish.not_previewed')}
      </Typography>
      {changes === 0 && <Typography sx={{ mb: 2 }}>{t('publish.nothing_changed')}</Typography>}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <ErrorSummary errors={errors} attempt={attempt} />
        <TextField
          id="publish-summary"
          label={t('publish.summary')}
          helperText={errors.find((e) => e.id === 'publish-summary')?.message ?? t('publish.summary_help')}
          error={errors.some((e) => e.id === 'publish-summary')}
          value={summary}
          onChange={(event) => setSummary(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          required
          slotProps={{ htmlInput: { maxLength: PUBLISH_SUMMARY_MAX } }}
          sx={{ mb: 2 }}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('publish.button')}
        </Button>
      </form>
    </Box>
  );
}
