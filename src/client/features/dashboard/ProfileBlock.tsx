import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PersonIcon from '@mui/icons-material/Person';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useGetDashboardApplicationQuery } from './dashboard-api';
import { statusText } from './format';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The spec's "profile layout": who is signed in, which application, and its status. */
export function ProfileBlock() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  const { data: application } = useGetDashboardApplicationQuery();
  if (!user) return null;
  const personal = application?.personal ?? {};
  const name =
    [text(user.first_name) || text(personal.first_name), text(user.last_name) || text(personal.last_name)]
      .filter(Boolean)
      .join(' ') || t('dashboard.profile_block.applicant');
  const status = application?.status ?? user.status ?? '';
  return (
    <Paper
      component="aside"
      aria-label={t('dashboard.profile_block.label')}
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: '1.1rem' }}>
        <PersonIcon aria-hidden="true" />
        {name}
      </Typography>
      <Typography variant="body2">
        {t('dashboard.profile_block.reference')}{' '}
        <Typography
          component="span"
          sx={{ fontWeight: 700, fontFamily: 'monospace', fontSize: '1rem', whiteSpace: 'nowrap' }}
        >
          {application?.reference_number ?? user.reference_number}
        </Typography>
      </Typography>
      {status && (
        <Typography variant="body2" component="div">
          {t('dashboard.profile_block.status')}{' '}
          <Chip size="small" color="primary" variant="outlined" label={statusText(t, status)} />
        </Typography>
      )}
    </Paper>
  );
}
