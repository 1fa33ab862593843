import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** A page's data that did not come: refused (403) or not reached; a 401 shows the sign-in instead. */
export function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation('studio');
  const forbidden = (error as { code?: unknown } | undefined)?.code === 403;
  return <Alert severity="error">{forbidden ? t('app.forbidden') : t('app.unavailable')}</Alert>;
}
