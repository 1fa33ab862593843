import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ReopenStatus } from './use-reopen-draft';

/**
 * While a reload reopens the draft, and when it cannot: this browser cannot open it any more (no draft
 * cookie), or the server did not answer. The applicant chooses: Continue with the reference number (a
 * code to the phone saved in the draft), or a new application. Nothing starts a second draft silently.
 */
export function ReopenNotice({
  status,
  reference,
  onRetry,
  onStartNew,
}: {
  status: Exclude<ReopenStatus, 'none'>;
  reference: string;
  onRetry: () => void;
  onStartNew: () => void;
}) {
  const { t } = useTranslation();
  if (status === 'checking') return <CircularProgress aria-label={t('wizard.reopen.loading')} />;
  const failed = status === 'failed';
  return (
    <section aria-labelledby="reopen-title">
      <Alert severity={failed ? 'error' : 'info'} role={failed ? 'alert' : 'status'}>
        <Typography id="reopen-title" component="h2" variant="h6" gutterBottom>
          {t(failed ? 'wizard.reopen.failed_title' : 'wizard.reopen.unavailable_title')}
        </Typography>
        <Typography>
          {t(failed ? 'wizard.reopen.failed_body' : 'wizard.reopen.unavailable_body', {
            reference_number: reference,
          })}
        </Typography>
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {failed && (
          <Button variant="contained" onClick={onRetry}>
            {t('wizard.reopen.retry')}
          </Button>
        )}
        <Link
          component={RouterLink}
          to={`/home/continue?reference_number=${encodeURIComponent(reference)}`}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          {t('wizard.reopen.continue', { reference_number: reference })}
        </Link>
        <Button variant="outlined" onClick={onStartNew}>
          {t('wizard.reopen.start_new')}
        </Button>
      </Stack>
    </section>
  );
}
