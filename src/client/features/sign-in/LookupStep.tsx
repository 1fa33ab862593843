import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../shared/envelope';
import type { ApiFailure } from '../../app/api';
import { CaptchaField } from './CaptchaField';
import { isReferenceNumber, tidyReference } from './reference';
import { useNewCaptchaQuery, useRequestSignInCodeMutation, type CodeChallenge } from './sign-in-api';

interface Errors {
  reference?: string;
  captcha?: string;
  /** Not about one field; `draft`: the application is a draft, to be opened with Continue. */
  general?: { message: string; draft: boolean };
}

/** A captcha is drawn again this long before the server forgets it, so that an answer is never too late. */
const CAPTCHA_MARGIN_S = 10;

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
  // A new captcha each time this step opens: the server spends one at every try.
  const captcha = useNewCaptchaQuery(undefined, { refetchOnMountOrArgChange: true });
  const [request, requesting] = useRequestSignInCodeMutation();
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [captchaNote, setCaptchaNote] = useState(note);
  const referenceInput = useRef<HTMLInputElement>(null);
  const captchaInput = useRef<HTMLInputElement>(null);
  const generalAlert = useRef<HTMLDivElement>(null);
  const answered = useRef(false);
  const { refetch } = captcha;

  useEffect(() => {
    answered.current = answer !== '';
  }, [answer]);

  useEffect(() => {
    if (focus === 'reference') referenceInput.current?.focus();
    if (focus === 'captcha') captchaInput.current?.focus();
  }, [focus]);

  // An expired captcha is replaced before the applicant sends it; a half-typed answer goes with it.
  const current = captcha.data;
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(
      () => {
        if (answered.current) setCaptchaNote(t('view.captcha_expired'));
        setAnswer('');
        void refetch();
      },
      Math.max(current.expires_in_s - CAPTCHA_MARGIN_S, 1) * 1000,
    );
    return () => clearTimeout(timer);
  }, [current, refetch, t]);

  const newCaptcha = () => {
    setAnswer('');
    void refetch();
  };

  // After React has shown new errors: the first field in error, else the message above the button.
  useEffect(() => {
    if (errors.reference) referenceInput.current?.focus();
    else if (errors.captcha) captchaInput.current?.focus();
    else if (errors.general) generalAlert.current?.focus();
  }, [errors]);
  const show = (next: Errors) => setErrors(next);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setCaptchaNote('');
    const value = tidyReference(reference);
    const found: Errors = {};
    if (!isReferenceNumber(value)) found.reference = t('view.reference_invalid');
    if (answer.trim() === '') found.captcha = t('view.captcha_missing');
    if (!current) found.general = { message: t('view.captcha_failed'), draft: false };
    if (Object.keys(found).length > 0) return show(found);
    setErrors({});
    try {
      const challenge = await request({
        reference_number: value,
        captcha_id: current!.captcha_id,
        captcha_answer: answer.trim(),
      }).unwrap();
      onChallenge(challenge);
    } catch (caught) {
      const failure = caught as ApiFailure;
      // The server spends the captcha whatever the outcome: the next try needs a new one.
      newCaptcha();
      const message = failure.message || t('errors.network');
      if (failure.code === 422) {
        const fieldErrors = ((failure.data as { errors?: FieldError[] } | undefined)?.errors ?? []).filter(
          (e) => typeof e?.message === 'string',
        );
        const at = (path: string) => fieldErrors.find((e) => e.path === path)?.message;
        const next: Errors = { captcha: at('/captcha_answer'), reference: at('/reference_number') };
        if (!next.captcha && !next.reference) next.general = { message, draft: false };
        return show(next);
      }
      if (failure.code === 404) return show({ reference: message });
      show({ general: { message, draft: failure.code === 409 } });
    }
  };

  const busy = requesting.isLoading;
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="view-lookup-title">
      <Typography component="h2" variant="h6" id="view-lookup-title" gutterBottom>
        {t('view.lookup_title')}
      </Typography>
      <TextField
        id="view-reference"
        inputRef={referenceInput}
        label={t('view.reference')}
        value={reference}
        onChange={(event) => onReference(event.target.value)}
        error={Boolean(errors.reference)}
        helperText={errors.reference || t('view.reference_help')}
        sx={{ maxWidth: 420 }}
        fullWidth
        slotProps={{
          htmlInput: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 20 },
          formHelperText: { role: errors.reference ? 'alert' : undefined } as object,
        }}
      />
      <CaptchaField
        captcha={current}
        loading={captcha.isFetching}
        failed={captcha.isError}
        onRefresh={newCaptcha}
        answer={answer}
        onAnswer={setAnswer}
        error={errors.captcha ?? ''}
        note={captchaNote}
        inputRef={captchaInput}
      />
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
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy || captcha.isFetching}>
        {t('view.submit')}
      </Button>
    </Box>
  );
}
