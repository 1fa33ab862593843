import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './use-auto-save';

/** "Saving…", "Saved": a polite live region, on the page from the start so that each change is announced. */
export function SaveStatus({ state, failure, id }: { state: SaveState; failure?: string | null; id?: string }) {
  const { t } = useTranslation('studio');
  const text =
    state === 'pending' || state === 'saving'
      ? t('editor.status.saving')
      : state === 'saved'
        ? t('editor.status.saved')
        : state === 'failed'
          ? failure || t('editor.status.failed')
          : state === 'conflict'
            ? t('editor.status.conflict')
            : '';
  return (
    <Typography
      id={id}
      role="status"
      aria-live="polite"
      variant="body2"
      color={state === 'failed' || state === 'conflict' ? 'error' : 'text.secondary'}
      data-state={state}
    >
      {text}
    </Typography>
  );
}
