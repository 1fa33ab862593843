import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { clearToasts, hideToast, type Toast } from '../app/ui-slice';

export const TOAST_HIDE_MS = 5000;

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const close = () => dispatch(hideToast(toast.id));
  return (
    <Snackbar
      open
      autoHideDuration={TOAST_HIDE_MS}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ position: 'static', transform: 'none' }}
    >
      <Alert
        severity={toast.severity}
        variant="filled"
        onClose={close}
        slotProps={{ closeButton: { title: t('toast.close'), 'aria-label': t('toast.close') } }}
        sx={{ width: '100%' }}
      >
        {toast.key ? t(toast.key) : toast.text}
      </Alert>
    </Snackbar>
  );
}

/** Notifications as toasts that hide after 5 s and are cleared on each navigation. */
export function Toasts() {
  const toasts = useAppSelector((s) => s.ui.toasts);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();

  useEffect(() => {
    dispatch(clearToasts());
  }, [pathname, dispatch]);

  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        bottom: 16,
        left: 16,
        right: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        alignItems: 'center',
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto', maxWidth: 560, width: '100%' },
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Stack>
  );
}
