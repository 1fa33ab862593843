import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../shared/envelope';
import type { ApiFailure } from '../../app/api';
import { TextFieldWithError } from '../../components/TextFieldWithError';
import { TYPED_FROM_PAPER } from '../../components/typed-from-paper';
import { retryAfterOf, WaitCountdown } from '../../components/WaitCountdown';
import { CaptchaField, type CaptchaHandle } from './CaptchaField';
import { isReferenceNumber, tidyReference } from '../../../shared/api/reference-number';
import type { CodeChallenge } from '../../session/session-api';
import { useRequestSignInCodeMutation } from './sign-in-api';

interface Errors {
  reference?: string;
  captcha?: string;
  /** Not about one field; `draft`: the application is a draft, to be opened with Continue. */
  general?: { message: string; draft: boolean; wait?: number | undefined };
}

export interface LookupStepProps {
  reference: string;
  onReference: (value: string) => void;
  /** The field to focus when this step opens again (after the code step). */
  focus: 'none' | 'reference' | 'captcha';
  /** Said at the captcha when this step opens again. */
  note: string;
  onChallenge: (challenge: CodeChallenge) => void;
}

/** The reference number and the captcha; "View Application" sends the code to the phone on file. */
export function LookupStep({ reference, onReference, focus, note, onChallenge }: LookupStepProps) {
  const { t } = useTranslation();
  const [request, requesting] = useRequestSignInCodeMutation();
  const [errors, setErrors] = useState<Errors>({});
  const [captchaNote, setCaptchaNote] = useState(note);
  /** The proof of work still being done when "View Application" was pressed. */
  const [waiting, setWaiting] = useState(false);
  const referenceInput = useRef<HTMLInputElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const generalAlert = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focus === 'reference') referenceInput.current?.focus();
    if (focus === 'captcha') captcha.current?.focus();
  }, [focus]);

  // After React has shown new errors: the first field in error, else the message above the button.
  useEffect(() => {
    if (errors.reference) referenceInput.current?.focus();
    else if (errors.captcha) captcha.current?.focus();
    else if (errors.general) generalAlert.current?.focus();
  }, [errors]);
  const show = (next: Errors) => setErrors(next);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (waiting) return;
    setCaptchaNote('');
    const value = tidyReference(reference);
    if (!isReferenceNumber(value)) return show({ reference: t('view.reference_invalid') });
    setErrors({});
    // The check usually ended while the reference number was typed; else it is waited for here.
    setWaiting(true);
    const altcha = (await captcha.current?.payload()) ?? '';
    setWaiting(false);
    if (!altcha) return show({ captcha: t('view.captcha_failed') });
    try {
      const challenge = await request({ reference_number: value, altcha }).unwrap();
      onChallenge(challenge);
    } catch (caught) {
      const failure = caught as ApiFailure;
      // The server spends the challenge whatever the outcome: the next try needs a new one.
      captcha.current?.renew();
      const message = failure.message || t('errors.network');
      if (failure.code === 422) {
        const fieldErrors = ((failure.data as { errors?: FieldError[] } | undefined)?.errors ?? []).filter(
          (e) => typeof e?.message === 'string',
        );
        const at = (path: string) => fieldErrors.find((e) => e.path === path)?.message;
        const next: Errors = { captcha: at('/altcha'), reference: at('/reference_number') };
        if (!next.captcha && !next.reference) next.general = { message, draft: false };
        return show(next);
      }
      if (failure.code === 404) return show({ reference: message });
      show({ general: { message, draft: failure.code === 409, wait: retryAfterOf(failure) } });
    }
  };

  const busy = requesting.isLoading;
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="view-lookup-title">
      <Typography component="h2" variant="h6" id="view-lookup-title" gutterBottom>
        {t('view.lookup_title')}
      </Typography>
      <TextFieldWithError
        id="view-reference"
        inputRef={referenceInput}
        label={t('view.reference')}
        value={reference}
        onChange={(event) => onReference(event.target.value)}
        error={errors.reference}
        help={t('view.reference_help')}
        sx={{ maxWidth: 420 }}
        fullWidth
        htmlInput={TYPED_FROM_PAPER}
      />
      <CaptchaField handle={captcha} error={errors.captcha ?? ''} note={captchaNote} />
      {errors.general && (
        <Alert severity="error" ref={generalAlert} tabIndex={-1} sx={{ mb: 2 }}>
          {errors.general.message}
          {errors.general.draft && (
            <>
              {' '}
              <Link component={RouterLink} to="/home/continue">
                {t('view.go_to_continue')}
              </Link>
            </>
          )}
          {errors.general.wait !== undefined && (
            <>
              {' '}
              <WaitCountdown seconds={errors.general.wait} />
            </>
          )}
        </Alert>
      )}
      {/* Not disabled while the check runs: a disabled button drops the keyboard focus. */}
      <Button type="submit" variant="contained" size="large" disabled={busy} aria-disabled={waiting || undefined}>
        {waiting ? t('view.captcha_verifying') : t('view.submit')}
      </Button>
    </Box>
  );
}
