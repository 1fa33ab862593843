import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { tidyReference } from '../../../../shared/api/reference-number';
import type { ApiFailure } from '../../../app/api';
import { useFieldErrors } from '../../../app/use-field-errors';
import { retryAfterOf, WaitCountdown } from '../../../components/WaitCountdown';
import { useAppDispatch } from '../../../app/hooks';
import { CodeForm } from '../../../components/CodeForm';
import { FieldRow } from '../../../components/FieldRow';
import { PageHeading } from '../../../components/PageHeading';
import { SendCodeButton } from '../../../components/SendCodeButton';
import { TextFieldWithError } from '../../../components/TextFieldWithError';
import { TYPED_FROM_PAPER } from '../../../components/typed-from-paper';
import { storeContinued } from './continue-data';
import { useContinueApplicationMutation, useVerifyContinueCodeMutation, type ContinueChallenge } from './continue-api';

/** What the server accepts: letters, digits, spaces and dashes (case does not matter). */
const REFERENCE = /^[A-Za-z0-9 -]{10,20}$/;

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
  const { error, errorOf, fail, clear, inputs } = useFieldErrors(['reference', 'code'] as const);

  const message = (failure: unknown) => (failure as ApiFailure).message || t('errors.network');

  /** Sends the code; again from the code form (errors then show at the code). */
  const onStart = async (field: 'reference' | 'code' = 'reference') => {
    clear();
    const value = tidyReference(reference);
    if (!REFERENCE.test(value)) return fail('reference', t('continue.reference_invalid'));
    try {
      setChallenge(await start({ reference_number: value }).unwrap());
      setCode('');
    } catch (failure) {
      fail(field, message(failure), retryAfterOf(failure as ApiFailure));
    }
  };

  const onVerify = async () => {
    if (!challenge) return;
    clear();
    if (code.trim() === '') return fail('code', t('continue.code_missing'));
    try {
      const answer = await verify({ challenge_id: challenge.challenge_id, code: code.trim() }).unwrap();
      storeContinued(dispatch, answer);
      void navigate('/home/continue_form');
    } catch (failure) {
      fail('code', message(failure), retryAfterOf(failure as ApiFailure));
    }
  };

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
        onSubmit={(event) => {
          event.preventDefault();
          void onStart();
        }}
        sx={{ mb: 3 }}
        aria-labelledby="continue-reference-title"
      >
        <Typography component="h2" variant="h6" id="continue-reference-title" gutterBottom>
          {t('continue.reference_title')}
        </Typography>
        <FieldRow>
          <TextFieldWithError
            id="continue-reference"
            inputRef={inputs.reference}
            label={t('continue.reference')}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            error={errorOf('reference')}
            help={t('continue.reference_help')}
            // Kept as sent while the code is awaited; "Use another reference number" frees it.
            htmlInput={{ ...TYPED_FROM_PAPER, readOnly: Boolean(challenge) }}
          />
          <SendCodeButton
            sent={Boolean(challenge)}
            busy={starting.isLoading}
            sendLabel={t('continue.send_code')}
            changeLabel={t('continue.change_reference')}
            onChange={() => {
              setChallenge(null);
              clear();
              setTimeout(() => inputs.reference.current?.focus());
            }}
          />
        </FieldRow>
        {error?.wait !== undefined && (
          <Typography sx={{ mt: 2 }}>
            <WaitCountdown seconds={error.wait} />
          </Typography>
        )}
      </Box>
      {challenge && (
        <CodeForm
          id="continue"
          title={t('continue.code_title')}
          sent={t('continue.sent', { sent_to: challenge.sent_to, minutes: Math.round(challenge.expires_in_s / 60) })}
          challenge={challenge}
          label={t('continue.code')}
          code={code}
          onCode={setCode}
          inputRef={inputs.code}
          error={errorOf('code')}
          onVerify={() => void onVerify()}
          verifyLabel={t('continue.verify')}
          verifying={verifying.isLoading}
          resend={{ label: t('continue.resend'), onClick: () => void onStart('code'), busy: starting.isLoading }}
        />
      )}
    </>
  );
}
