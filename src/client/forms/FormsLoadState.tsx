import { lazy, Suspense, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/**
 * MUI's Alert (with its Paper, IconButton and icons), loaded only when a load has failed: the wizard's
 * first step shows without it. The wizard loads it ahead once a step shows (ErrorSummary draws one too).
 */
const Alert = lazy(() => import('@mui/material/Alert'));

/** What could not be loaded, with the way to try again (`action`). */
export function FailedAlert({ action, children }: { action: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Alert severity="error" action={action}>
        {children}
      </Alert>
    </Suspense>
  );
}

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
