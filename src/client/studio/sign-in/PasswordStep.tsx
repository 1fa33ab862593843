import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, type StaffSignInAnswer } from '../../../shared/api/staff-session';
import { ErrorSummary, type SummaryError } from '../ErrorSummary';
import { useStaffSignInMutation } from '../studio-api';

export function PasswordStep({ onSent }: { onSent: (answer: StaffSignInAnswer) => void }) {
  const { t } = useTranslation('studio');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [signIn, { isLoading, error }] = useStaffSignInMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: SummaryError[] = [];
    if (!login.trim()) found.push({ id: 'staff-login', message: t('sign_in.login_required') });
    if (!password) found.push({ id: 'staff-password', message: t('sign_in.password_required') });
    setErrors(found);
    setAttempt((n) => n + 1);
    if (found.length) return;
    const answer = await signIn({ login: login.trim(), password });
    if (answer.data) onSent(answer.data);
  };

  const fieldError = (id: string) => errors.find((e) => e.id === id)?.message;
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={errors} attempt={attempt} />
      {error && 'message' in error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      <Stack spacing={2}>
        <TextField
          id="staff-login"
          label={t('sign_in.login')}
          autoComplete="username"
          value={login}
          onChange={(event) => setLogin(event.target.value)}
          error={!!fieldError('staff-login')}
          helperText={fieldError('staff-login')}
          slotProps={{ htmlInput: { maxLength: 64 } }}
          required
        />
        <TextField
          id="staff-password"
          label={t('sign_in.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={!!fieldError('staff-password')}
          helperText={fieldError('staff-password')}
          slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
          required
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('sign_in.continue')}
        </Button>
      </Stack>
    </form>
  );
}
