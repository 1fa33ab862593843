import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PUBLISH_SUMMARY_MAX } from '../../../shared/api/studio';
import { ConfirmDialog } from '../ConfirmDialog';
import { useRollbackMutation } from '../studio-api';

/** Roll back: publishes the content of `version` again as a new version, with a reason (asked and confirmed). */
export function RollbackButton({ version }: { version: number }) {
  const { t } = useTranslation('studio');
  const [open, setOpen] = useState(false);
  const [summary, setSummary] = useState('');
  const [missing, setMissing] = useState(false);
  const [rollback, { isLoading, error, data }] = useRollbackMutation();
  const fieldId = `rollback-summary-${version}`;
  const confirm = async () => {
    if (!summary.trim()) {
      setMissing(true);
      document.getElementById(fieldId)?.focus();
      return;
    }
    const answer = await rollback({ version, summary: summary.trim() });
    if (answer.data) setOpen(false);
  };
  return (
    <>
      {data && (
        <Alert severity="success" role="status" sx={{ my: 1 }}>
          {t('rollback.done', { version: data.version, from: version })}
        </Alert>
      )}
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t('rollback.button', { version })}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('rollback.confirm_title', { version })}
        confirm={t('rollback.confirm')}
        busy={isLoading}
        onClose={() => setOpen(false)}
        onConfirm={() => void confirm()}
      >
        <Typography sx={{ mb: 2 }}>{t('rollback.confirm_body', { version })}</Typography>
        {error && 'message' in error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        <TextField
          id={fieldId}
          label={t('rollback.summary')}
          value={summary}
          onChange={(event) => setSummary(event.target.value)}
          error={missing}
          helperText={missing ? t('rollback.summary_required') : undefined}
          fullWidth
          required
          multiline
          slotProps={{ htmlInput: { maxLength: PUBLISH_SUMMARY_MAX } }}
          sx={{ mt: 1 }}
        />
      </ConfirmDialog>
    </>
  );
}
