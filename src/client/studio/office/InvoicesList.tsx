import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffApplication } from '../../../shared/api/back-office';
import { formatDay, formatNumber } from '../format-time';
import { useCancelInvoiceMutation } from './office-api';
import { failureText, Outcome, type OutcomeState } from './Outcome';

type Invoice = StaffApplication['invoices'][number];

/** An invoice may be cancelled while nothing is paid on it (cancel_invoice refuses otherwise). */
const cancellable = (invoice: Invoice) =>
  (invoice.status === 'unpaid' || invoice.status === 'expired') && !(invoice.paid_tzs ?? 0);

/**
 * The application's invoices (issue 33, item 5): amount, what is paid, the control number and due date;
 * one raised by mistake is cancelled with a reason (its bill at the gateway too; the applicant is told).
 */
export function InvoicesList({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('office');
  return (
    <Box component="section" aria-labelledby="invoices-title" sx={{ mb: 3 }}>
      <Typography id="invoices-title" component="h2" variant="h5" sx={{ mt: 4, mb: 1 }}>
        {t('invoices.title')}
      </Typography>
      {application.invoices.length === 0 ? (
        <Typography>{t('invoices.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {application.invoices.map((invoice) => (
            <InvoiceItem key={invoice.invoice_id} reference={application.reference_number} invoice={invoice} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function InvoiceItem({ reference, invoice }: { reference: string; invoice: Invoice }) {
  const { t, i18n } = useTranslation('office');
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [cancel, cancelling] = useCancelInvoiceMutation();
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const money = (tzs: number) => formatNumber(tzs, i18n.language);
  const amount = money(invoice.amount_tzs);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setOutcome({ ok: false, text: t('invoices.reason_needed') });
    const result = await cancel({
      reference_number: reference,
      cancel: { invoice_id: invoice.invoice_id, reason: reason.trim() },
    });
    if ('error' in result)
      return setOutcome({ ok: false, text: failureText(result.error, t('invoices.cancel_failed')) });
    setAsking(false);
    setOutcome({ ok: true, text: t('invoices.cancelled_done', { amount }) });
  };
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
      <Typography>
        {t('invoices.line', {
          amount,
          status: t(`invoices.status.${invoice.status}`),
          control: invoice.control_number ?? t('invoices.no_control_number'),
        })}
      </Typography>
      <Typography variant="body2">
        {t('invoices.paid_due', {
          paid: money(invoice.paid_tzs ?? 0),
          due: formatDay(invoice.due_date, i18n.language),
        })}
      </Typography>
      {invoice.amount_reason && (
        <Typography variant="body2">{t('invoices.reason', { reason: invoice.amount_reason })}</Typography>
      )}
      {cancellable(invoice) && !asking && (
        <Button color="error" onClick={() => setAsking(true)} aria-label={t('invoices.cancel_named', { amount })}>
          {t('invoices.cancel')}
        </Button>
      )}
      {asking && (
        <Box
          component="form"
          onSubmit={(event) => void submit(event)}
          sx={{ display: 'grid', gap: 1, mt: 1, maxWidth: 640 }}
        >
          <TextField
            autoFocus
            label={t('invoices.cancel_reason', { amount })}
            helperText={t('move.remark_help')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" color="error" disabled={cancelling.isLoading}>
              {t('invoices.cancel_confirm')}
            </Button>
            <Button onClick={() => setAsking(false)}>{t('permits.cancel')}</Button>
          </Box>
        </Box>
      )}
      <Outcome outcome={outcome} />
    </Box>
  );
}
