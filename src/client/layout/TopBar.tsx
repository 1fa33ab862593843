import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import PhoneIcon from '@mui/icons-material/Phone';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';
import { telHref, useContact } from '../components/contact';

/** The support phone number and opening hours, above everything else. */
export function TopBar() {
  const { t } = useTranslation();
  const { phone } = useContact();
  return (
    <Box
      component="aside"
      aria-label={t('topbar.label')}
      sx={{ bgcolor: '#08452c', color: '#fff', fontSize: '0.875rem' }}
    >
      <Container sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, py: 0.5, alignItems: 'center' }}>
        <Link href={telHref(phone)} color="inherit" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <PhoneIcon fontSize="inherit" aria-hidden="true" />
          {t('topbar.call', { phone })}
        </Link>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ScheduleIcon fontSize="inherit" aria-hidden="true" />
          {t('topbar.hours')}
        </Box>
      </Container>
    </Box>
  );
}
