import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../app/hooks';
import { maintenanceEnded } from '../app/ui-slice';
import { api } from '../app/api';
import { usePageTitle } from '../app/use-page-title';
import { useContact } from './contact';

/** Not routed: shown in place of the portal when the server answers 503 for maintenance. */
export function UnderMaintenance() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { phone } = useContact();
  usePageTitle('maintenance.title');
  const retry = () => {
    dispatch(maintenanceEnded());
    dispatch(api.util.resetApiState());
  };
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography component="p" variant="overline">
        {t('maintenance.heading')}
      </Typography>
      <Typography component="h1" variant="h1" sx={{ my: 2 }}>
        {t('maintenance.title')}
      </Typography>
      <Typography sx={{ fontSize: '1.15rem' }}>{t('maintenance.message')}</Typography>
      <Typography sx={{ mt: 1 }}>{t('maintenance.detail')}</Typography>
      <Button variant="contained" sx={{ mt: 4 }} onClick={retry}>
        {t('maintenance.retry')}
      </Button>
      <Box component="footer" sx={{ mt: 6, color: 'text.secondary' }}>
        <Typography variant="body2">{t('maintenance.footer', { phone })}</Typography>
      </Box>
    </Container>
  );
}
