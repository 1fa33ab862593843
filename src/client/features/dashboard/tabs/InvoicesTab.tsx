import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import {
  downloadReceipt,
  type ApplicantInvoice,
  type DownloadReceiptRequest,
  type InvoiceReceipt,
} from '../../../../shared/api/payments';
import { EmptyState } from '../../../components/EmptyState';
import { FeeEstimateBlock } from '../../../components/FeeEstimateBlock';
import { useGetDashboardApplicationQuery, useGetInvoicesQuery } from '../dashboard-api';
import { formatAmount, formatDate, formatDateTime, newestFirst } from '../format';
import { CardList, ListCard, QueryState } from '../parts';
import { Details } from '../../../components/Details';
import { useFileDownload } from '../use-download';

const STATUS_COLOURS = {
  paid: 'success',
  partly_paid: 'info',
  unpaid: 'secondary',
  expired: 'warning',
  cancelled: 'default',
} as const;

/** Money of the applicant's the invoice did not take (paid over it, or on it once cancelled), and what became of it. */
function Excess({ invoice }: { invoice: ApplicantInvoice }) {
  const { t, i18n } = useTranslation();
  if (!invoice.excess?.length) return null;
  return (
    <Box sx={{ mt: 2 }}>
      {invoice.excess.map((excess, index) => (
        <Typography key={index} variant="body2" sx={{ mt: 0.5 }}>
          {t(`dashboard.invoices.excess.${excess.settled_how ?? excess.kind}`, {
            amount: formatAmount(excess.amount_tzs, i18n.language),
          })}
        </Typography>
      ))}
    </Box>
  );
}

/** How to pay a control number: mobile money menu, USSD, bank (the same words as the SMS). */
function HowToPay({ invoice }: { invoice: ApplicantInvoice }) {
  const { t } = useTranslation();
  const id = `how-to-pay-${invoice.invoice_id}`;
  const params = { control_number: invoice.control_number };
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography component="h4" variant="subtitle1" id={id} sx={{ fontWeight: 700 }}>
        {t('dashboard.invoices.how_to_pay.title')}
      </Typography>
      {/* Paragraphs, not a list: the invoice is itself an item of the tab's list. */}
      {(['mobile', 'ussd', 'bank'] as const).map((way) => (
        <Typography key={way} variant="body2" sx={{ mt: 0.5 }}>
          {t(`dashboard.invoices.how_to_pay.${way}`, params)}
        </Typography>
      ))}
    </Box>
  );
}

function ReceiptButton({ receipt }: { receipt: InvoiceReceipt }) {
  const { t, i18n } = useTranslation();
  const download = useFileDownload();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    await download(
      downloadReceipt.path,
      { receipt_number: receipt.receipt_number } satisfies DownloadReceiptRequest,
      `receipt-${receipt.receipt_number}.pdf`,
    );
    setBusy(false);
  };
  return (
    <Button variant="outlined" size="small" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void onClick()}>
      {t('dashboard.invoices.receipt_download', {
        receipt_number: receipt.receipt_number,
        amount: formatAmount(receipt.amount_tzs, i18n.language),
        date: formatDateTime(receipt.paid_at, i18n.language),
      })}
    </Button>
  );
}

function InvoiceItem({ invoice }: { invoice: ApplicantInvoice }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const cancelled = invoice.status === 'cancelled';
  const settled = invoice.status === 'paid' || cancelled;
  const payable = !settled && invoice.control_number !== null;
  const amount = (value: number) => t('dashboard.invoices.amount_value', { amount: formatAmount(value, lng) });
  return (
    <ListCard highlight={!settled}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="h3">
          {invoice.description || t('dashboard.invoices.invoice')}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLOURS[invoice.status] ?? 'default'}
          label={t(`dashboard.invoices.status.${invoice.status}`, { defaultValue: invoice.status })}
        />
      </Stack>
      <Details
        rows={[
          { label: t('dashboard.invoices.amount'), value: amount(invoice.amount_tzs) },
          { label: t('dashboard.invoices.paid_so_far'), value: invoice.paid_tzs > 0 ? amount(invoice.paid_tzs) : '' },
          {
            label: t('dashboard.invoices.balance'),
            value: settled ? '' : amount(invoice.balance_tzs),
          },
          {
            label: t('dashboard.invoices.control_number'),
            value: invoice.control_number ? (
              <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                {invoice.control_number}
              </Typography>
            ) : settled ? (
              ''
            ) : (
              t('dashboard.invoices.control_number_coming')
            ),
          },
          { label: t('dashboard.invoices.expires'), value: payable ? formatDateTime(invoice.expires_at, lng) : '' },
          { label: t('dashboard.invoices.due_date'), value: formatDate(invoice.due_date, lng) },
          { label: t('dashboard.invoices.issued'), value: formatDate(invoice.created_at, lng) },
          { label: t('dashboard.invoices.paid_at'), value: formatDate(invoice.paid_at, lng) },
        ]}
      />
      {cancelled ? (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {invoice.cancel_reason
            ? t('dashboard.invoices.cancelled_because', { reason: invoice.cancel_reason })
            : t('dashboard.invoices.cancelled_note')}
        </Typography>
      ) : null}
      <Excess invoice={invoice} />
      {payable ? <HowToPay invoice={invoice} /> : null}
      {invoice.receipts.length > 0 ? (
        <Box component="section" aria-label={t('dashboard.invoices.receipts')} sx={{ mt: 2 }}>
          <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('dashboard.invoices.receipts')}
          </Typography>
          <Stack spacing={1} sx={{ alignItems: 'flex-start', mt: 1 }}>
            {invoice.receipts.map((receipt) => (
              <ReceiptButton key={receipt.receipt_number} receipt={receipt} />
            ))}
          </Stack>
        </Box>
      ) : null}
    </ListCard>
  );
}

/** The Invoices tab, newest first: each invoice's control number, how to pay it, what is paid, and receipts. */
export function InvoicesTab() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useGetInvoicesQuery();
  // The estimate, with how it was computed, comes with the application (get_application's fee_estimate).
  const application = useGetDashboardApplicationQuery();
  if (!data) return <QueryState failed={isError} onRetry={() => void refetch()} />;
  return (
    <>
      <FeeEstimateBlock answer={application.data?.fee_estimate} />
      <Typography component="h2" variant="h2" gutterBottom>
        {t('dashboard.invoices.title')}
      </Typography>
      {data.length === 0 ? (
        <EmptyState />
      ) : (
        <CardList label={t('dashboard.invoices.title')}>
          {newestFirst(data, (i) => i.created_at).map((invoice) => (
            <InvoiceItem key={invoice.invoice_id} invoice={invoice} />
          ))}
        </CardList>
      )}
    </>
  );
}
