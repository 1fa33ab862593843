import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { hideToast } from '../app/ui-slice';
import { useStudioDispatch, useStudioSelector } from './hooks';

/** The messages of failed calls that no form shows itself (the base query's toasts), until closed. */
export function Toasts() {
  const { t } = useTranslation('studio');
  const toasts = useStudioSelector((state) => state.ui.toasts);
  const dispatch = useStudioDispatch();
  return (
    <Stack role="status" spacing={1} sx={{ mb: toasts.length ? 2 : 0 }}>
      {toasts.map((toast) => (
        <Alert
          key={toast.id}
          severity={toast.severity}
          onClose={() => dispatch(hideToast(toast.id))}
          slotProps={{ closeButton: { title: t('app.close'), 'aria-label': t('app.close') } }}
        >
          {toast.key ? t(toast.key) : toast.text}
        </Alert>
      ))}
    </Stack>
  );
}
