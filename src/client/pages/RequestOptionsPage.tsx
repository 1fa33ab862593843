import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { REVIEW_WORKING_DAYS } from '../../shared/after-submit';
import { CopyReference } from '../components/CopyReference';
import { PageHeading } from '../components/PageHeading';

/** The router state the wizard leaves after Submit (kept in the tab's history: a reload shows it again). */
export interface SubmittedState {
  submitted?: string;
}

const REFERENCE = /^[A-Z0-9]{5}-[A-Z0-9]{5}$/;

/** Where a final save leads (spec section 4): the application submitted, what happens next, what to do next. */
export default function RequestOptionsPage() {
  const { t } = useTranslation();
  const state = useLocation().state as SubmittedState | null;
  const submitted = typeof state?.submitted === 'string' && REFERENCE.test(state.submitted) ? state.submitted : '';
  return (
    <>
      <PageHeading titleKey="titles.request_options">
        {submitted ? t('request_options.submitted.title', { reference_number: submitted }) : t('request_options.title')}
      </PageHeading>
      {submitted && (
        <>
          <CopyReference referenceNumber={submitted} id="submitted-reference" />
          <Typography sx={{ mb: 3 }}>{t('request_options.submitted.keep')}</Typography>
          <Typography component="h2" variant="h5" gutterBottom>
            {t('request_options.submitted.next_title')}
          </Typography>
          <ul>
            <li>{t('request_options.submitted.review')}</li>
            <li>{t('request_options.submitted.invoice')}</li>
            <li>{t('request_options.submitted.time', { count: REVIEW_WORKING_DAYS })}</li>
            <li>{t('request_options.submitted.follow')}</li>
          </ul>
          <Typography component="h2" variant="h5" gutterBottom sx={{ mt: 3 }}>
            {t('request_options.title')}
          </Typography>
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={RouterLink} to="/home/request" variant="contained">
          {t('request_options.new')}
        </Button>
        <Button component={RouterLink} to="/home/login" variant={submitted ? 'contained' : 'outlined'}>
          {t('request_options.view')}
        </Button>
        <Button component={RouterLink} to="/home/landing">
          {t('request_options.home')}
        </Button>
      </Stack>
    </>
  );
}
