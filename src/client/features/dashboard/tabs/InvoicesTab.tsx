import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { FeeEstimateBlock } from '../../../components/FeeEstimateBlock';
import { useGetDashboardApplicationQuery, useGetInvoicesQuery } from '../dashboard-api';
import { formatAmount, formatDate, newestFirst } from '../format';
import { CardList, ListCard, QueryState } from '../parts';
import { Details } from '../../../components/Details';

/** The Invoices tab: a list, newest first, with the control number to pay with. */
export function InvoicesTab() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
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
            <ListCard key={invoice.invoice_id} highlight={invoice.status === 'unpaid'}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                <Typography component="h3" variant="h3">
                  {invoice.description || t('dashboard.invoices.invoice')}
                </Typography>
                <Chip
                  size="small"
                  color={invoice.status === 'paid' ? 'success' : 'secondary'}
                  label={t(`dashboard.invoices.status.${invoice.status}`, { defaultValue: invoice.status })}
                />
              </Stack>
              <Details
                rows={[
                  {
                    label: t('dashboard.invoices.amount'),
                    value: t('dashboard.invoices.amount_value', { amount: formatAmount(invoice.amount_tzs, lng) }),
                  },
                  {
                    label: t('dashboard.invoices.control_number'),
                    value: (
                      <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                        {invoice.control_number}
                      </Typography>
                    ),
                  },
                  { label: t('dashboard.invoices.due_date'), value: formatDate(invoice.due_date, lng) },
                  { label: t('dashboard.invoices.issued'), value: formatDate(invoice.created_at, lng) },
                  { label: t('dashboard.invoices.paid_at'), value: formatDate(invoice.paid_at, lng) },
                ]}
              />
            </ListCard>
          ))}
        </CardList>
      )}
    </>
  );
}
