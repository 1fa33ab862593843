import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CopyReference } from '../../components/CopyReference';
import { submittedHidden, submittedShown } from './submitted-shown';
import { Withdrawn } from './Withdrawn';
import { WithdrawDraft } from './WithdrawDraft';

/** Focuses the element once, when it appears: the outcome replaces the form the user was in. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** Save & Complete Later: the reference number, large, with a copy button and how to come back. */
export function SavedLater({
  referenceNumber,
  unfinished = false,
  onResume,
}: {
  referenceNumber: string;
  /** The step was kept unfinished (what was typed is not valid yet). */
  unfinished?: boolean;
  onResume: () => void;
}) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [withdrawn, setWithdrawn] = useState(false);
  if (withdrawn) return <Withdrawn referenceNumber={referenceNumber} />;

  return (
    <section aria-labelledby="saved-title">
      <Typography ref={heading} id="saved-title" component="h2" variant="h2" tabIndex={-1} gutterBottom>
        {t('wizard.saved.title')}
      </Typography>
      <Typography>{t('wizard.saved.intro')}</Typography>
      <CopyReference referenceNumber={referenceNumber} id="reference-number" />
      {unfinished && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('wizard.saved.unfinished')}
        </Alert>
      )}
      <Typography sx={{ mb: 2 }}>
        {t('wizard.saved.how_to_return')}{' '}
        <Link component={RouterLink} to="/home/continue">
          {t('wizard.saved.continue_link')}
        </Link>
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" onClick={onResume}>
          {t('wizard.saved.resume')}
        </Button>
        <WithdrawDraft referenceNumber={referenceNumber} onWithdrawn={() => setWithdrawn(true)} />
      </Stack>
    </section>
  );
}

/** The message after a successful Submit; the page moves on by itself 3.5 s later. */
export function Submitted({ referenceNumber, request }: { referenceNumber: string; request: boolean }) {
  const { t } = useTranslation();
  const alert = useFocusOnMount<HTMLDivElement>();
  // In the page now (a layout effect: with the commit that shows it, a frame before it is painted, not
  // after whatever else the browser runs first): the 3.5 s before the page moves on start here.
  useLayoutEffect(() => {
    submittedShown();
    return submittedHidden;
  }, []);
  return (
    <Alert ref={alert} severity="success" role="status" tabIndex={-1} sx={{ my: 2 }}>
      {t(request ? 'wizard.submitted.request' : 'wizard.submitted.final', { reference_number: referenceNumber })}
    </Alert>
  );
}
