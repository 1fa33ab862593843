import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../app/api';
import { retryAfterOf, WaitCountdown } from '../../components/WaitCountdown';
import { useAppDispatch } from '../../app/hooks';
import { PageHeading } from '../../components/PageHeading';
import { storeContinued } from '../wizard/continue-data';
import { useContinueApplicationMutation, useVerifyContinueCodeMutation, type ContinueChallenge } from './continue-api';

/** What the server accepts: letters, digits, spaces and dashes (case does not matter). */
const REFERENCE = /^[A-Za-z0-9 -]{10,20}$/;

/** The reference number as typed, tidied: spaces and dashes are ignored by the server, case too. */
export const tidyReference = (value: string) => value.trim().replace(/\s+/g, ' ');

/**
 * /home/continue: the reference number, then the code sent by SMS to the phone saved in the draft;
 * the right code stores the draft (spec section 4) and opens the continue form.
 */
export default function ContinuePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [start, starting] = useContinueApplicationMutation();
  const [verify, verifying] = useVerifyContinueCodeMutation();
  const [params] = useSearchParams();
  // A wizard that could not reopen a draft here links to Continue with its reference number filled in.
  const [reference, setReference] = useState(() => tidyReference(params.get('reference_number') ?? '').slice(0, 20));
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<ContinueChallenge | null>(null);
  const [error, setError] = useState<{
    field: 'reference' | 'code';
    message: string;
    /** A 429's wait in seconds, counted down under the form. */
    wait?: number | undefined;
  } | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const referenceInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (challenge) codeInput.current?.focus();
  }, [challenge]);

  const message = (failure: unknown) => (failure as ApiFailure).message || t('errors.network');

  /** Sends the code; again from the code form (errors then show at the code). */
  const onStart = async (event: { preventDefault(): void }, field: 'reference' | 'code' = 'reference') => {
    event.preventDefault();
    setError(null);
    const value = tidyReference(reference);
    if (!REFERENCE.test(value)) {
      setError({ field: 'reference', message: t('continue.reference_invalid') });
      referenceInput.current?.focus();
      return;
    }
    try {
      setChallenge(await start({ reference_number: value }).unwrap());
      setCode('');
    } catch (failure) {
      setError({ field, message: message(failure), wait: retryAfterOf(failure as ApiFailure) });
      (field === 'code' ? codeInput : referenceInput).current?.focus();
    }
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setError(null);
    if (code.trim() === '') {
      setError({ field: 'code', message: t('continue.code_missing') });
      codeInput.current?.focus();
      return;
    }
    try {
      const answer = await verify({ challenge_id: challenge.challenge_id, code: code.trim() }).unwrap();
      storeContinued(dispatch, answer);
      void navigate('/home/continue_form');
    } catch (failure) {
      setError({ field: 'code', message: message(failure), wait: retryAfterOf(failure as ApiFailure) });
      codeInput.current?.focus();
    }
  };

  const errorOf = (field: 'reference' | 'code') => (error?.field === field ? error.message : '');

  return (
    <>
      <PageHeading titleKey="titles.continue">{t('titles.continue')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('continue.intro')}</Typography>
      <Typography sx={{ mb: 3 }}>
        <Link component={RouterLink} to="/home/find_reference">
          {t('find_reference.link')}
        </Link>
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onStart(event)}
        sx={{ mb: 3 }}
        aria-labelledby="continue-reference-title"
      >
        <Typography component="h2" variant="h6" id="continue-reference-title" gutterBottom>
          {t('continue.reference_title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            id="continue-reference"
            inputRef={referenceInput}
            label={t('continue.reference')}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            error={Boolean(errorOf('reference'))}
            helperText={errorOf('reference') || t('continue.reference_help')}
            slotProps={{
              htmlInput: {
                autoComplete: 'off',
                autoCapitalize: 'characters',
                spellCheck: false,
                maxLength: 20,
                // Kept as sent while the code is awaited; "Use another reference number" frees it.
                readOnly: Boolean(challenge),
              },
              formHelperText: { role: errorOf('reference') ? 'alert' : undefined } as object,
            }}
          />
          {challenge ? (
            <Button
              variant="outlined"
              onClick={() => {
                setChallenge(null);
                setError(null);
                setTimeout(() => referenceInput.current?.focus());
              }}
            >
              {t('continue.change_reference')}
            </Button>
          ) : (
            <Button type="submit" variant="contained" disabled={starting.isLoading}>
              {t('continue.send_code')}
            </Button>
          )}
        </Stack>
        {error?.wait !== undefined && (
          <Typography sx={{ mt: 2 }}>
            <WaitCountdown seconds={error.wait} />
          </Typography>
        )}
      </Box>
      {challenge && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void onVerify(event)}
          aria-labelledby="continue-code-title"
        >
          <Typography component="h2" variant="h6" id="continue-code-title" gutterBottom>
            {t('continue.code_title')}
          </Typography>
          <Typography role="status" sx={{ mb: 2 }}>
            {t('continue.sent', { sent_to: challenge.sent_to, minutes: Math.round(challenge.expires_in_s / 60) })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              id="continue-code"
              inputRef={codeInput}
              label={t('continue.code')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={Boolean(errorOf('code'))}
              helperText={errorOf('code') || ' '}
              slotProps={{
                htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 10 },
                formHelperText: { role: errorOf('code') ? 'alert' : undefined } as object,
              }}
            />
            <Button type="submit" variant="contained" disabled={verifying.isLoading}>
              {t('continue.verify')}
            </Button>
            <Button variant="text" onClick={(event) => void onStart(event, 'code')} disabled={starting.isLoading}>
              {t('continue.resend')}
            </Button>
          </Stack>
        </Box>
      )}
    </>
  );
}
