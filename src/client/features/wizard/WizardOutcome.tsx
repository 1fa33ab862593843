import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
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
  const number = useRef<HTMLParagraphElement>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | ''>('');
  const [withdrawn, setWithdrawn] = useState(false);
  if (withdrawn) return <Withdrawn referenceNumber={referenceNumber} />;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referenceNumber);
      setCopied('yes');
    } catch {
      // No clipboard (plain http, old browser): select the number so the user can copy it.
      if (number.current) window.getSelection()?.selectAllChildren(number.current);
      setCopied('select');
    }
  };

  return (
    <section aria-labelledby="saved-title">
      <Typography ref={heading} id="saved-title" component="h2" variant="h2" tabIndex={-1} gutterBottom>
        {t('wizard.saved.title')}
      </Typography>
      <Typography>{t('wizard.saved.intro')}</Typography>
      <Typography
        ref={number}
        id="reference-number"
        component="p"
        sx={{ fontSize: { xs: '1.75rem', sm: '2.5rem' }, fontWeight: 700, fontFamily: 'monospace', my: 2 }}
      >
        {referenceNumber}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Button variant="contained" onClick={copy} aria-describedby="reference-number">
          {t('wizard.saved.copy')}
        </Button>
        <Box role="status">{copied && t(copied === 'yes' ? 'wizard.saved.copied' : 'wizard.saved.select')}</Box>
      </Stack>
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
