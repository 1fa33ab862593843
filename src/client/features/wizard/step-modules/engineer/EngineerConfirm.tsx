import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../../app/api';
import { CodeEntry } from '../../../../components/CodeEntry';
import { retryAfterOf, WaitCountdown } from '../../../../components/WaitCountdown';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { ENGINEER_SEND_ID } from './engineer-ids';
import { useSendEngineerOtpMutation, useValidateEngineerOtpMutation, type OtpSent } from '../../applications-api';
import { normalizedEngineerId } from './engineer-proof';
import { engineerConfirmed, type StepAnswers } from '../../wizard-slice';

/**
 * The engineer confirms by a code sent to their registered phone: Send code, then the code entry
 * (shown after a successful send, hidden after a successful check, kept after a failed one).
 */
export function EngineerConfirm({ answers, change }: { answers: StepAnswers; change: (next: StepAnswers) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const engineer = useAppSelector((state) => state.wizard.engineer);
  // The draft being confirmed: saved with the step before, so it always has its number here.
  const referenceNumber = useAppSelector((state) => state.wizard.referenceNumber) ?? '';
  const [send, sending] = useSendEngineerOtpMutation();
  const [check, checking] = useValidateEngineerOtpMutation();
  const [sent, setSent] = useState<(OtpSent & { engineerId: string }) | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  /** A 429's wait (a code a minute), counted down with the error. */
  const [wait, setWait] = useState<number | undefined>(undefined);
  const engineerId = normalizedEngineerId(answers.engineer_id);
  const confirmed = engineer && engineer.details.registration_number === engineerId ? engineer.details : null;
  // Where the focus goes next: into the code once sent, to the confirmation once the code is right
  // (the field it was in is gone then).
  const moveFocus = useRef<'code' | 'confirmed' | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (moveFocus.current === 'code' && sent) codeInput.current?.focus();
    else if (moveFocus.current === 'confirmed' && confirmed) confirmation.current?.focus();
    else return;
    moveFocus.current = null;
  }, [sent, confirmed]);

  const onSend = async () => {
    if (sending.isLoading) return;
    setError('');
    setWait(undefined);
    if (!engineerId) return setError(t('wizard.engineer.id_first'));
    try {
      const answer = await send({ engineer_id: engineerId, reference_number: referenceNumber }).unwrap();
      moveFocus.current = 'code';
      setSent({ ...answer, engineerId });
      setCode('');
    } catch (failure) {
      moveFocus.current = null;
      setError((failure as ApiFailure).message);
      setWait(retryAfterOf(failure as ApiFailure));
    }
  };

  const onCheck = async () => {
    if (!sent || checking.isLoading) return;
    setError('');
    setWait(undefined);
    try {
      const answer = await check({
        engineer_id: sent.engineerId,
        otp: code.trim(),
        reference_number: referenceNumber,
      }).unwrap();
      moveFocus.current = 'confirmed';
      dispatch(engineerConfirmed({ details: answer.engineer, token: answer.validation_token }));
      // The number as the registry writes it ('zeb/1234' → 'ZEB/1234'): the step's pattern wants that form.
      change({
        ...answers,
        engineer_id: answer.engineer.registration_number,
        validation_token: answer.validation_token,
      });
      setSent(null);
    } catch (failure) {
      moveFocus.current = null;
      setError((failure as ApiFailure).message);
    }
  };

  if (confirmed) {
    const rows: [string, string][] = [
      [t('wizard.engineer.name'), confirmed.name],
      [t('wizard.engineer.experience'), t('engineers.experience', { count: confirmed.experience_years })],
      [t('wizard.engineer.email'), confirmed.email],
      [t('wizard.engineer.mobile'), confirmed.mobile],
    ];
    return (
      <Box sx={{ my: 2 }}>
        <Alert
          ref={confirmation}
          severity="success"
          tabIndex={-1}
          sx={{ mb: 2, '&:focus-visible': { outline: '3px solid', outlineOffset: 2 } }}
        >
          {t('wizard.engineer.confirmed')}
        </Alert>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    );
  }

  return (
    <Box sx={{ my: 2 }}>
      <Typography component="h3" variant="h6" gutterBottom>
        {t('wizard.engineer.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('wizard.engineer.intro')}</Typography>
      {/* Not disabled while sending: a disabled button drops the keyboard focus. */}
      <Button
        id={ENGINEER_SEND_ID}
        variant="outlined"
        onClick={() => void onSend()}
        aria-disabled={sending.isLoading || undefined}
      >
        {sent ? t('wizard.engineer.resend') : t('wizard.engineer.send')}
      </Button>
      {sent && (
        <Box sx={{ mt: 2 }}>
          <CodeEntry
            sent={t('wizard.engineer.sent', { to: sent.sent_to, minutes: Math.round(sent.expires_in_s / 60) })}
            id="engineer-code"
            inputRef={codeInput}
            label={t('wizard.engineer.code')}
            value={code}
            onChange={setCode}
            // Its errors are said in the alert below.
            help={null}
            onKeyDown={(event) => {
              // Enter confirms the code; it must not submit the step.
              if (event.key === 'Enter') {
                event.preventDefault();
                void onCheck();
              }
            }}
          >
            <Button
              variant="contained"
              onClick={() => void onCheck()}
              disabled={code.trim() === ''}
              aria-disabled={checking.isLoading || undefined}
            >
              {t('wizard.engineer.check')}
            </Button>
          </CodeEntry>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
          {wait !== undefined && (
            <>
              {' '}
              <WaitCountdown seconds={wait} />
            </>
          )}
        </Alert>
      )}
    </Box>
  );
}
