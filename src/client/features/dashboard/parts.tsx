import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';

/** A list's answer not in yet, or failed (with Retry). */
export function QueryState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed)
    return (
      <Box sx={{ py: 4, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('dashboard.loading')} />
      </Box>
    );
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('load_error.retry')}
        </Button>
      }
    >
      {t('dashboard.load_failed')}
    </Alert>
  );
}

/** One entry of a list: a card in a <ul>. */
export function ListCard({ children, highlight = false }: { children: ReactNode; highlight?: boolean }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        p: 2,
        mb: 2,
        listStyle: 'none',
        ...(highlight && { borderLeft: 4, borderLeftColor: 'primary.main', bgcolor: '#f1f8f4' }),
      }}
    >
      {children}
    </Paper>
  );
}

export function CardList({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ p: 0, m: 0 }}>
      {children}
    </Box>
  );
}
