import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format-time';
import type { StaffApplication } from '../../../shared/api/back-office';
import { todayIso } from '../../../shared/dashboard';
import { addCalendarDays } from '../../../shared/working-days';
import { useAddInvoiceMutation } from './office-api';
import { failureText, Outcome, type OutcomeState } from './Outcome';

/** The due date offered: two weeks from today (the officer may change it). */
const DUE_IN_DAYS = 14;

/**
 * Raise an invoice (issue 33, item 5): the fee schedule's estimate with its lines, or another amount
 * with its reason; the payment gateway gives the control number, and the applicant gets it by SMS.
 */
export function InvoiceForm({ application }: { application: StaffApplication }) {
  const { t, i18n } = useTranslation('office');
  const [raise, raising] = useAddInvoiceMutation();
  const [dueDate, setDueDate] = useState(() => addCalendarDays(todayIso(), DUE_IN_DAYS));
  const [other, setOther] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const estimate = application.fee_estimate?.estimate ?? null;
  const money = (tzs: number) => formatNumber(tzs, i18n.language);
  const label = (text: { en: string; sw: string }) => (i18n.language === 'sw' ? text.sw : text.en);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tzs = Number(amount.replace(/[\s,]/g, ''));
    if (other && (!Number.isInteger(tzs) || tzs <= 0 || !reason.trim())) {
      setOutcome({ ok: false, text: t('invoice_form.other_needed') });
      return;
    }
    if (!other && !estimate) {
      setOutcome({ ok: false, text: t('invoice_form.no_estimate') });
      return;
    }
    const result = await raise({
      reference_number: application.reference_number,
      due_date: dueDate,
      ...(other ? { amount_tzs: tzs, amount_reason: reason.trim() } : {}),
    });
    if ('error' in result) {
      setOutcome({ ok: false, text: failureText(result.error, t('invoice_form.failed')) });
      return;
    }
    setOutcome({
      ok: true,
      text: result.data.control_number
        ? t('invoice_form.done_control', { amount: money(result.data.amount_tzs), control: result.data.control_number })
        : t('invoice_form.done', { amount: money(result.data.amount_tzs) }),
    });
    setOther(false);
    setAmount('');
    setReason('');
  };
  return (
    <Box component="section" aria-labelledby="invoice-form-title" sx={{ mb: 3 }}>
      <Typography id="invoice-form-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('invoice_form.title')}
      </Typography>
      {estimate ? (
        <Table size="small" aria-label={t('invoice_form.lines')} sx={{ maxWidth: 720, mb: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('invoice_form.line')}</TableCell>
              <TableCell scope="col" align="right">
                {t('invoice_form.amount')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {estimate.lines.map((line, index) => (
              <TableRow key={index}>
                <TableCell>
                  {label(line.name)}
                  {line.detail ? ` (${label(line.detail)})` : ''}
                </TableCell>
                <TableCell align="right">{money(line.amount_tzs)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                {t('invoice_form.total')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {money(estimate.total_tzs)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      ) : (
        <Typography sx={{ mb: 1 }}>{t('invoice_form.no_estimate')}</Typography>
      )}
      <Box component="form" onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <TextField
          type="date"
          label={t('invoice_form.due_date')}
          value={dueDate}
          onChange={(event) => setDueDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 240 }}
        />
        <FormControlLabel
          control={<Checkbox checked={other} onChange={(event) => setOther(event.target.checked)} />}
          label={t('invoice_form.other')}
        />
        {other && (
          <>
            <TextField
              label={t('invoice_form.other_amount')}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
              sx={{ maxWidth: 240 }}
            />
            <TextField
              label={t('invoice_form.reason')}
              multiline
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={raising.isLoading}>
            {t('invoice_form.raise')}
          </Button>
        </Box>
        <Outcome outcome={outcome} />
      </Box>
    </Box>
  );
}
