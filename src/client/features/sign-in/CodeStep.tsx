import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CodeForm } from '../../components/CodeForm';
import type { ApiFailure } from '../../app/api';
import { retryAfterOf, WaitCountdown } from '../../components/WaitCountdown';
import type { CodeChallenge } from '../../session/session-api';
import { useVerifySignInCodeMutation } from './sign-in-api';
import { takeIntendedUrl, useOpenSession } from '../../session/use-open-session';

export interface CodeStepProps {
  reference: string;
  challenge: CodeChallenge;
  /** A new code needs a new captcha: back to the first step, the reference number kept. */
  onNewCode: () => void;
  onOtherReference: () => void;
}

/** The code sent by SMS: where it went, its field, Verify; a wrong code keeps the field shown. */
export function CodeStep({ reference, challenge, onNewCode, onOtherReference }: CodeStepProps) {
  const { t } = useTranslation();
  const [verify, verifying] = useVerifySignInCodeMutation();
  const openSession = useOpenSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  /** A 429's wait, counted down under the field; a new value for each refusal. */
  const [wait, setWait] = useState<{ seconds: number; at: number } | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const onSubmit = async () => {
    setError('');
    setWait(null);
    if (code.trim() === '') {
      setError(t('view.code_missing'));
      codeInput.current?.focus();
      return;
    }
    try {
      const answer = await verify({ challenge_id: challenge.challenge_id, code: code.trim() }).unwrap();
      openSession(answer, takeIntendedUrl());
    } catch (failure) {
      setError((failure as ApiFailure).message || t('errors.network'));
      const seconds = retryAfterOf(failure as ApiFailure);
      if (seconds !== undefined) setWait({ seconds, at: Date.now() });
      codeInput.current?.focus();
    }
  };

  return (
    <CodeForm
      id="view"
      title={t('view.code_title')}
      sent={t('view.code_sent', {
        reference_number: reference.trim(),
        sent_to: challenge.sent_to,
        minutes: Math.max(1, Math.round(challenge.expires_in_s / 60)),
      })}
      challenge={challenge}
      code={code}
      onCode={setCode}
      inputRef={codeInput}
      error={error}
      onVerify={() => void onSubmit()}
      verifyLabel={t('view.verify')}
      verifying={verifying.isLoading}
      main
    >
      {wait && (
        <Typography sx={{ mb: 2 }}>
          <WaitCountdown key={wait.at} seconds={wait.seconds} />
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="text" onClick={onNewCode}>
          {t('view.new_code')}
        </Button>
        <Button variant="text" onClick={onOtherReference}>
          {t('view.other_reference')}
        </Button>
      </Stack>
    </CodeForm>
  );
}
