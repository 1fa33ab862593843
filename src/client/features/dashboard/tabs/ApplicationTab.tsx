import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardApplication, EngineerBlock, StatusEvent } from '../../../../shared/api/dashboard';
import { EmptyState } from '../../../components/EmptyState';
import { telHref } from '../../../components/contact';
import { useGetDashboardApplicationQuery } from '../dashboard-api';
import { formatDate, formatDateTime, localized, newestFirst, statusText, typeText } from '../format';
import { MessageForm } from '../forms/MessageForm';
import { WithdrawForm } from '../forms/WithdrawForm';
import { canWithdraw } from '../../../../shared/api/withdraw';
import { QueryState } from '../parts';
import { Details } from '../../../components/Details';
import { ChangeRequests } from '../ChangeRequests';

/** The status history, newest first, as a timeline. */
function Timeline({ events }: { events: StatusEvent[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {newestFirst(events, (e) => e.at).map((event, i) => (
        <Box
          component="li"
          key={`${event.at}-${i}`}
          sx={{
            position: 'relative',
            pl: 4,
            pb: 2,
            borderLeft: 2,
            borderColor: 'divider',
            ml: 1,
            '&:last-child': { borderColor: 'transparent' },
            '&::before': {
              content: '""',
              position: 'absolute',
              left: -9,
              top: 2,
              width: 16,
              height: 16,
              borderRadius: '50%',
              bgcolor: i === 0 ? 'primary.main' : 'background.paper',
              border: 2,
              borderColor: 'primary.main',
            },
          }}
        >
          <Typography sx={{ fontWeight: 700 }}>{statusText(t, event.status)}</Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={event.at}>{formatDateTime(event.at, i18n.language)}</time>
          </Typography>
          {event.remark && (
            <Typography sx={{ mt: 0.5 }}>{t('dashboard.history.remark', { remark: event.remark })}</Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** Which of the unit's roles opened the application's personal data, and when (issue 33, item 9). */
function StaffViews({ views }: { views: DashboardApplication['staff_views'] }) {
  const { t, i18n } = useTranslation();
  if (views.length === 0) return <Typography>{t('dashboard.staff_views.none')}</Typography>;
  return (
    <Box component="ul" sx={{ pl: 3, m: 0 }}>
      {views.map((view, i) => (
        <li key={`${view.at}-${i}`}>
          {t('dashboard.staff_views.line', {
            role: t(`dashboard.staff_views.roles.${view.role}`, {
              defaultValue: t('dashboard.staff_views.roles.other'),
            }),
            at: formatDateTime(view.at, i18n.language),
          })}
        </li>
      ))}
    </Box>
  );
}

function Architect({ engineer }: { engineer: EngineerBlock }) {
  const { t, i18n } = useTranslation();
  return (
    <Details
      rows={[
        { label: t('dashboard.architect.name'), value: engineer.name },
        { label: t('dashboard.architect.role'), value: localized(engineer.role, i18n.language) },
        {
          label: t('dashboard.architect.experience'),
          value: t('engineers.experience', { count: engineer.experience_years }),
        },
        {
          label: t('dashboard.architect.email'),
          value: engineer.email && <Link href={`mailto:${engineer.email}`}>{engineer.email}</Link>,
        },
        {
          label: t('dashboard.architect.mobile'),
          value: engineer.mobile && <Link href={telHref(engineer.mobile)}>{engineer.mobile}</Link>,
        },
      ]}
    />
  );
}

const section = { mb: 4 } as const;

/** The Application tab: what the application is and where it stands, its engineer, and a message. */
export function ApplicationTab() {
  const { t, i18n } = useTranslation();
  const { data, isError, refetch } = useGetDashboardApplicationQuery();
  if (!data) return <QueryState failed={isError} onRetry={() => void refetch()} />;
  const lng = i18n.language;
  return (
    <>
      <Box component="section" aria-labelledby="application-summary" sx={section}>
        <Typography component="h2" variant="h2" id="application-summary" gutterBottom>
          {t('dashboard.summary.title')}
        </Typography>
        <Details
          rows={[
            { label: t('dashboard.summary.reference'), value: data.reference_number },
            { label: t('dashboard.summary.type'), value: typeText(t, data.application_type) },
            { label: t('dashboard.summary.status'), value: statusText(t, data.status) },
            { label: t('dashboard.summary.submitted'), value: formatDate(data.submitted_at, lng) },
            {
              label: t('dashboard.summary.days'),
              value: t('dashboard.summary.days_value', { count: data.days_applied }),
            },
            { label: t('dashboard.summary.stage_since'), value: formatDate(data.stage_since, lng) },
            ...(data.expected_decision
              ? [{ label: t('dashboard.summary.expected_decision'), value: formatDate(data.expected_decision, lng) }]
              : []),
          ]}
        />
      </Box>
      <ChangeRequests />
      <Box component="section" aria-labelledby="application-history" sx={section}>
        <Typography component="h2" variant="h2" id="application-history" gutterBottom>
          {t('dashboard.history.title')}
        </Typography>
        {data.history.length === 0 ? <EmptyState /> : <Timeline events={data.history} />}
      </Box>
      {data.status !== 'draft' && (
        <Box component="section" aria-labelledby="application-staff-views" sx={section}>
          <Typography component="h2" variant="h2" id="application-staff-views" gutterBottom>
            {t('dashboard.staff_views.title')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('dashboard.staff_views.intro')}</Typography>
          <StaffViews views={data.staff_views} />
        </Box>
      )}
      {data.engineer && (
        <Box component="section" aria-labelledby="application-architect" sx={section}>
          <Typography component="h2" variant="h2" id="application-architect" gutterBottom>
            {t('dashboard.architect.title')}
          </Typography>
          <Architect engineer={data.engineer} />
        </Box>
      )}
      <Box component="section" aria-labelledby="message-title" sx={section}>
        <MessageForm />
      </Box>
      {canWithdraw(data.status) && (
        <Box component="section" aria-labelledby="withdraw-title" sx={section}>
          <WithdrawForm referenceNumber={data.reference_number} />
        </Box>
      )}
    </>
  );
}
