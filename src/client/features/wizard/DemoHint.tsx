import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useGetSplashQuery } from '../../app/splash-api';

/**
 * A hint meant only for a demonstration server (the README's test ID numbers): shown when the server
 * says it answers from the demo registry (`site.demo_hints`), never in production. Published forms
 * carry no such text, since they are the same on every server.
 */
export function DemoHint({ id, textKey }: { id: string; textKey: string }) {
  const { t } = useTranslation();
  const { data } = useGetSplashQuery();
  if (!data?.site.demo_hints) return null;
  return (
    <Alert id={id} severity="info" variant="outlined" sx={{ mt: 1 }} data-demo-hint="">
      {t(textKey)}
    </Alert>
  );
}
