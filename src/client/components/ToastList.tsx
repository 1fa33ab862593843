import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Themed } from '../app/Themed';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { hideToast, TOAST_HIDE_MS, type Toast } from '../app/ui-slice';

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

/** The toasts shown, loaded with the first one (MUI's snackbar and theme are not on every page's first load). */
export default function ToastList() {
  const toasts = useAppSelector((s) => s.ui.toasts);
  return (
    <Themed>
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
    </Themed>
  );
}
