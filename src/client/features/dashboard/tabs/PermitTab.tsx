import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { downloadPermit, type DownloadPermitRequest } from '../../../../shared/api/permits';
import { useFileDownload } from '../use-download';

/**
 * The Permit tab: the permits, newest first, each downloadable as its PDF (English and Swahili, with
 * its QR code) unless revoked; Renew when the application allows it now.
 */
export function PermitTab() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const download = useFileDownload('dashboard.permits.download_failed');
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
              {permit.status !== 'revoked' && (
                <Button
                  variant="outlined"
                  sx={{ mt: 1 }}
                  onClick={() =>
                    void download(
                      downloadPermit.path,
                      { permit_number: permit.permit_number } satisfies DownloadPermitRequest,
                      `permit-${permit.permit_number.replace(/[^A-Za-z0-9.-]+/g, '-')}.pdf`,
                    )
                  }
                >
                  {t('dashboard.permits.download', { permit_number: permit.permit_number })}
                </Button>
              )}
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
