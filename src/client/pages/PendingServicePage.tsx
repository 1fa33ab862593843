import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/PageHeading';
import { useContact } from '../components/contact';

/**
 * The routes whose service is not online yet (the wizard, View, Continue, the dashboard tabs):
 * the page says so plainly and how to apply meanwhile, instead of a form that cannot be sent.
 */
export function PendingServicePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const { phone } = useContact();
  return (
    <>
      <PageHeading titleKey={titleKey}>{t(titleKey)}</PageHeading>
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('pending.body', { phone })}
      </Alert>
      <Button component={RouterLink} to="/home/landing" variant="outlined">
        {t('pending.back')}
      </Button>
    </>
  );
}
