import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { FailedAlert } from './FailedAlert';

/** While the forms load: a spinner, or, if they could not be had, an error with Retry. */
export function FormsLoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed) return <CircularProgress aria-label={t('wizard.loading')} />;
  return (
    <FailedAlert
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('load_error.retry')}
        </Button>
      }
    >
      {t('wizard.forms_failed')}
    </FailedAlert>
  );
}
