import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { cleared } from './wizard-slice';

/**
 * The draft was withdrawn: says so, with its reference number, and offers a new application. The
 * wizard forgets the draft when this view goes (its answers must not come back on the next visit).
 */
export function Withdrawn({ referenceNumber }: { referenceNumber: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    heading.current?.focus();
    return () => {
      shown.current = false;
      // Once really gone (not a remount of React's strict mode, which runs this cleanup in between).
      setTimeout(() => {
        if (!shown.current) dispatch(cleared());
      });
    };
  }, [dispatch]);
  return (
    <section aria-labelledby="withdrawn-title">
      <Typography ref={heading} id="withdrawn-title" component="h2" variant="h2" tabIndex={-1} gutterBottom>
        {t('wizard.withdraw.done_title')}
      </Typography>
      <Alert severity="success" role="status" sx={{ mb: 2 }}>
        {t('wizard.withdraw.done', { reference_number: referenceNumber })}
      </Alert>
      <Button variant="contained" component={RouterLink} to="/home/request">
        {t('wizard.withdraw.start_new')}
      </Button>
    </section>
  );
}
