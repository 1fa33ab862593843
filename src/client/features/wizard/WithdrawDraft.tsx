import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_REASON_MAX } from '../../../shared/api/withdraw';
import type { FieldError } from '../../../shared/envelope';
import type { ApiFailure } from '../../app/api';
import { TextFieldWithError } from '../../components/TextFieldWithError';
import { remove, STORAGE_KEYS } from '../../app/browser-storage';
import { forgetDeviceDrafts } from '../../app/device-drafts';
import { forgetDraft } from './resume-draft';
import { useWithdrawDraftMutation } from './withdraw-draft-api';

/**
 * "Withdraw this application" for a draft (issue 17, item 12): a dialog that asks for the reason and
 * confirms; once withdrawn, this browser forgets the draft (its reference and any unsaved answers).
 */
export function WithdrawDraft({ referenceNumber, onWithdrawn }: { referenceNumber: string; onWithdrawn: () => void }) {
  const { t } = useTranslation();
  const [withdraw, { isLoading }] = useWithdrawDraftMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [general, setGeneral] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);

  const close = () => {
    setOpen(false);
    setReason('');
    setError('');
    setGeneral('');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral('');
    if (!reason.trim()) {
      setError(t('wizard.withdraw.reason_required'));
      field.current?.focus();
      return;
    }
    setError('');
    try {
      await withdraw({ reference_number: referenceNumber, reason: reason.trim() }).unwrap();
    } catch (caught) {
      const failure = caught as ApiFailure;
      const onReason = ((failure.data as { errors?: FieldError[] } | undefined)?.errors ?? []).find(
        (e) => e.path === '/reason',
      );
      if (onReason) {
        setError(onReason.message);
        field.current?.focus();
      } else setGeneral(failure.message || t('errors.network'));
      return;
    }
    forgetDraft();
    remove('local', STORAGE_KEYS.referenceNumber);
    remove('session', STORAGE_KEYS.continueData);
    void forgetDeviceDrafts();
    setOpen(false);
    onWithdrawn();
  };

  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t('wizard.withdraw.open')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby="withdraw-draft-title"
        aria-describedby="withdraw-draft-body"
        slotProps={{ paper: { component: 'form', onSubmit, noValidate: true } as object }}
      >
        <DialogTitle id="withdraw-draft-title">
          {t('wizard.withdraw.title', { reference_number: referenceNumber })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="withdraw-draft-body" sx={{ mb: 2 }}>
            {t('wizard.withdraw.body')}
          </DialogContentText>
          <TextFieldWithError
            inputRef={field}
            id="withdraw-draft-reason"
            label={t('wizard.withdraw.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            multiline
            minRows={2}
            fullWidth
            autoFocus
            error={error}
            help={t('wizard.withdraw.reason_help', { max: WITHDRAW_REASON_MAX })}
            htmlInput={{ maxLength: WITHDRAW_REASON_MAX }}
          />
          {general && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {general}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close}>{t('wizard.withdraw.keep')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={isLoading}>
            {t('wizard.withdraw.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
