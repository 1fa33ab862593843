import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The spec's empty-list text: "Sorry! No Records Found." */
export function EmptyState() {
  const { t } = useTranslation();
  return (
    <Typography role="status" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
      {t('empty')}
    </Typography>
  );
}
