import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../components/OneTimeCodeField';
import type { PhoneCodeRequest } from './use-phone-confirmation';

/** Asks for the code sent to the new phone number before a save that changes it goes through. */
export function PhoneCodeDialog({ request }: { request: PhoneCodeRequest | null }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const close = (answer: string | null) => {
    setCode('');
    request?.answer(answer);
  };
  return (
    <Dialog
      open={request !== null}
      onClose={() => close(null)}
      aria-labelledby="phone-code-title"
      aria-describedby="phone-code-text"
      slotProps={{ transition: { onEntered: () => input.current?.focus() } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() !== '') close(code.trim());
        }}
      >
        <DialogTitle id="phone-code-title">{t('wizard.phone_change.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="phone-code-text" sx={{ mb: 2 }}>
            {request?.message}
          </DialogContentText>
          <OneTimeCodeField
            id="phone-change-code"
            inputRef={input}
            value={code}
            onChange={setCode}
            error={request?.error ?? ''}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(null)}>{t('wizard.phone_change.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('wizard.phone_change.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
