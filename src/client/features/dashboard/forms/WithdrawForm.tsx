import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_REASON_MAX } from '../../../../shared/api/withdraw';
import { useWithdrawApplicationMutation } from '../dashboard-api';
import { FoldingForm } from './FoldingForm';

/**
 * "Withdraw application" (issue 17, item 12): a reason, then a dialog to confirm; the server refuses it
 * once a decision is made (the button is shown only before).
 */
export function WithdrawForm({ referenceNumber }: { referenceNumber: string }) {
  const { t } = useTranslation();
  const [withdraw] = useWithdrawApplicationMutation();
  const [asking, setAsking] = useState(false);
  const answer = useRef<(yes: boolean) => void>(() => undefined);
  const close = (yes: boolean) => {
    setAsking(false);
    answer.current(yes);
  };
  return (
    <>
      <FoldingForm
        id="withdraw"
        texts="dashboard.withdraw"
        submitKey="submit"
        successKey="done"
        fields={[
          {
            name: 'reason',
            label: t('dashboard.withdraw.reason'),
            multiline: true,
            required: true,
            maxLength: WITHDRAW_REASON_MAX,
          },
        ]}
        confirm={() =>
          new Promise<boolean>((resolve) => {
            answer.current = resolve;
            setAsking(true);
          })
        }
        send={(values) => withdraw({ reason: values.reason ?? '' }).unwrap()}
      />
      <Dialog
        open={asking}
        onClose={() => close(false)}
        aria-labelledby="withdraw-confirm-title"
        aria-describedby="withdraw-confirm-body"
      >
        <DialogTitle id="withdraw-confirm-title">
          {t('dashboard.withdraw.confirm_title', { reference_number: referenceNumber })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="withdraw-confirm-body">{t('dashboard.withdraw.confirm_body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)} autoFocus>
            {t('dashboard.withdraw.keep')}
          </Button>
          <Button onClick={() => close(true)} color="error" variant="contained">
            {t('dashboard.withdraw.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
