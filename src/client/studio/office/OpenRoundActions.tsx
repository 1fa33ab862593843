import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffApplication } from '../../../shared/api/back-office';
import { CHANGE_REMARK_MAX, type ApplicationOutline } from '../../../shared/api/change-requests';
import { DeadlineField, useDeadline } from './DeadlineField';
import { useExtendChangesMutation, useGetApplicationOutlineQuery, useWithdrawOverdueMutation } from './office-api';
import { failureText, Outcome, type OutcomeState } from './Outcome';

/** The withdrawal's reason, at most (withdraw_overdue). */
const REASON_MAX = 500;

/**
 * A returned application's open round (issue 33, item 4): a new deadline, its date shown before it is
 * given; once the deadline has passed, withdraw the application with a reason.
 */
export function OpenRoundActions({ application }: { application: StaffApplication }) {
  const options = useGetApplicationOutlineQuery({ reference_number: application.reference_number });
  const open = application.change_rounds.find((round) => round.status === 'open');
  if (!open || !options.data) return null;
  return (
    <>
      <ExtendForm reference={application.reference_number} options={options.data} />
      {open.overdue && <WithdrawForm reference={application.reference_number} />}
    </>
  );
}

function ExtendForm({ reference, options }: { reference: string; options: ApplicationOutline }) {
  const { t } = useTranslation('office');
  const deadline = useDeadline(options);
  const [remark, setRemark] = useState('');
  const [extend, extending] = useExtendChangesMutation();
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (deadline.days === null) return setOutcome({ ok: false, text: t('changes.deadline_needed') });
    const result = await extend({
      reference_number: reference,
      deadline_working_days: deadline.days,
      ...(remark.trim() ? { remark: remark.trim() } : {}),
    });
    if ('error' in result)
      return setOutcome({ ok: false, text: failureText(result.error, t('changes.extend_failed')) });
    setOutcome({ ok: true, text: t('changes.extended') });
    setRemark('');
  };
  return (
    <Box component="section" aria-labelledby="extend-title" sx={{ mb: 3 }}>
      <Typography id="extend-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('changes.extend_title')}
      </Typography>
      <Box component="form" onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <DeadlineField deadline={deadline} />
        <TextField
          label={t('changes.remark')}
          helperText={t('move.remark_help')}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CHANGE_REMARK_MAX } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={extending.isLoading}>
            {t('changes.extend')}
          </Button>
        </Box>
        <Outcome outcome={outcome} />
      </Box>
    </Box>
  );
}

function WithdrawForm({ reference }: { reference: string }) {
  const { t } = useTranslation('office');
  const [reason, setReason] = useState('');
  const [withdraw, withdrawing] = useWithdrawOverdueMutation();
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setOutcome({ ok: false, text: t('changes.withdraw_reason_needed') });
    const result = await withdraw({ reference_number: reference, reason: reason.trim() });
    if ('error' in result)
      return setOutcome({ ok: false, text: failureText(result.error, t('changes.withdraw_failed')) });
    setOutcome({ ok: true, text: t('changes.withdrawn') });
  };
  return (
    <Box component="section" aria-labelledby="withdraw-title" sx={{ mb: 3 }}>
      <Typography id="withdraw-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('changes.withdraw_title')}
      </Typography>
      <Box component="form" onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <TextField
          label={t('changes.withdraw_reason')}
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        />
        <Box>
          <Button type="submit" variant="contained" color="error" disabled={withdrawing.isLoading}>
            {t('changes.withdraw')}
          </Button>
        </Box>
        <Outcome outcome={outcome} />
      </Box>
    </Box>
  );
}
