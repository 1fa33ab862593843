import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation('studio');
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2 }}>
      <CircularProgress size={24} aria-hidden />
      <span>{t('app.loading')}</span>
    </Box>
  );
}
