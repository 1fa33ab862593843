import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** What an action in the workspace came to: said where the form is, to screen readers too. */
export type OutcomeState = { ok: boolean; text: string } | null;

/** The live region under a form: the outcome of its last action, if any. */
export function Outcome({ outcome }: { outcome: OutcomeState }) {
  return (
    <Box role="status" aria-live="polite">
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 1 }}>
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
}

/** A refusal's words: the server's message (in the staff's language), its field problems after it. */
export function failureText(error: unknown, fallback: string): string {
  const failure = error as { message?: string; data?: { errors?: { message: string }[] } };
  const details = failure.data?.errors?.map((e) => e.message).join(' ') ?? '';
  return `${failure.message ?? fallback} ${details}`.trim();
}

/** A list that did not load, with Try again. */
export function RetryAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('office');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('queue.retry')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
