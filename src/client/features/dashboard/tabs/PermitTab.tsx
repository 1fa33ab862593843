import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useGetDashboardApplicationQuery, useGetPermitsQuery } from '../dashboard-api';
import { formatDate, newestFirst } from '../format';
import { RenewForm } from '../forms/RenewForm';
import { CardList, ListCard, QueryState } from '../parts';
import { Details } from '../../../components/Details';

/** The Permit tab: the permits, newest first; Renew when the application allows it now. */
export function PermitTab() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, isError, refetch } = useGetPermitsQuery();
  const application = useGetDashboardApplicationQuery();
  if (!data) return <QueryState failed={isError} onRetry={() => void refetch()} />;
  const permits = newestFirst(data, (p) => p.issued_at);
  const latest = permits[0];
  return (
    <>
      <Typography component="h2" variant="h2" gutterBottom>
        {t('dashboard.permits.title')}
      </Typography>
      {permits.length === 0 ? (
        <EmptyState />
      ) : (
        <CardList label={t('dashboard.permits.title')}>
          {permits.map((permit) => (
            <ListCard key={permit.permit_number} highlight={permit.status === 'valid'}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                <Typography component="h3" variant="h3">
                  {t('dashboard.permits.permit', { permit_number: permit.permit_number })}
                </Typography>
                <Chip
                  size="small"
                  color={permit.status === 'valid' ? 'success' : 'default'}
                  label={t(`dashboard.permits.status.${permit.status}`, { defaultValue: permit.status })}
                />
              </Stack>
              <Details
                rows={[
                  { label: t('dashboard.permits.valid_from'), value: formatDate(permit.valid_from, lng) },
                  { label: t('dashboard.permits.valid_until'), value: formatDate(permit.valid_until, lng) },
                  { label: t('dashboard.permits.issued'), value: formatDate(permit.issued_at, lng) },
                ]}
              />
            </ListCard>
          ))}
        </CardList>
      )}
      {application.data?.can_renew && latest && (
        <Box component="section" aria-labelledby="renew-title" sx={{ mt: 4 }}>
          <RenewForm permitNumber={latest.permit_number} />
        </Box>
      )}
    </>
  );
}
