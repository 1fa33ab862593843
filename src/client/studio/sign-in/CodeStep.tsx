import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffSignInAnswer } from '../../../shared/api/staff-session';
import { ErrorSummary, type SummaryError } from '../ErrorSummary';
import { useStaffVerifyMutation } from '../studio-api';

/** The second factor: where the code comes from is said, the SMS's with the (masked) phone it went to, if shown. */
export function CodeStep({ pending, onRestart }: { pending: StaffSignInAnswer; onRestart: () => void }) {
  const { t } = useTranslation('studio');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [verify, { isLoading, error }] = useStaffVerifyMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s+/g, '');
    const found = trimmed ? [] : [{ id: 'staff-code', message: t('sign_in.code_required') }];
    setErrors(found);
    setAttempt((n) => n + 1);
    if (found.length) return;
    // Signed in: the verify endpoint records who, and the studio replaces this page.
    await verify({ sign_in_id: pending.sign_in_id, code: trimmed });
  };

  // No phone shown: the login is under lock and a code went out only if the password was right.
  const intro =
    pending.second_factor === 'totp'
      ? t('sign_in.code_totp')
      : pending.sent_to
        ? t('sign_in.code_sms', { phone: pending.sent_to })
        : t('sign_in.code_sms_if_right');
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={errors} attempt={attempt} />
      {error && 'message' in error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      <Typography sx={{ mb: 2 }}>{intro}</Typography>
      <Stack spacing={2}>
        <TextField
          id="staff-code"
          label={t('sign_in.code')}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.length > 0}
          helperText={errors[0]?.message}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          required
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('sign_in.sign_in')}
        </Button>
        <Button onClick={onRestart}>{t('sign_in.start_again')}</Button>
      </Stack>
    </form>
  );
}
