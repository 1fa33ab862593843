import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/PageHeading';

/** Where a final save leads (spec section 4): what to do next. */
export default function RequestOptionsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading titleKey="titles.request_options">{t('request_options.title')}</PageHeading>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={RouterLink} to="/home/request" variant="contained">
          {t('request_options.new')}
        </Button>
        <Button component={RouterLink} to="/home/login" variant="outlined">
          {t('request_options.view')}
        </Button>
        <Button component={RouterLink} to="/home/landing">
          {t('request_options.home')}
        </Button>
      </Stack>
    </>
  );
}
