import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { OFFICE_PAGE } from '../../shared/api/staff-session';
import { STUDIO_PAGE } from '../../shared/api/studio';
import { OfficeNav } from './office/OfficeNav';
import { mayEdit, mayWorkApplications } from './roles';
import type { StaffArea } from './SessionGate';
import { useStudioSelector } from './hooks';
import { LanguageSwitch } from './LanguageSwitch';
import { PageHeading } from './PageHeading';
import { StudioNav } from './StudioNav';
import { useStaffSignOutMutation } from './studio-api';
import { Toasts } from './Toasts';

/**
 * The staff app's frame: a skip link, the header (the area's name, a link to the other area for a role
 * that works there too, who is signed in, the language, Sign out), the area's nav and the page.
 * `allowed` false: a staff member whose role has no part in the area sees why, and no nav.
 */
export function StudioLayout({ allowed, area = 'studio' }: { allowed: boolean; area?: StaffArea }) {
  const { t } = useTranslation('studio');
  const staff = useStudioSelector((state) => state.staffSession.staff);
  const [signOut, signingOut] = useStaffSignOutMutation();
  return (
    <>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: 10,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skip_to_content')}
      </Box>
      <Box
        component="header"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography component="p" variant="h6" sx={{ flexGrow: 1 }}>
          {t(area === 'office' ? 'app.office_name' : 'app.name')}
        </Typography>
        {area === 'studio' && mayWorkApplications(staff?.role) && (
          <Box component={RouterLink} to={OFFICE_PAGE} sx={{ color: 'inherit' }}>
            {t('app.to_office')}
          </Box>
        )}
        {area === 'office' && mayEdit(staff?.role) && (
          <Box component={RouterLink} to={STUDIO_PAGE} sx={{ color: 'inherit' }}>
            {t('app.to_studio')}
          </Box>
        )}
        {staff && (
          <Typography component="p" variant="body2">
            {t('app.signed_in_as', { name: staff.display_name, role: t(`roles.${staff.role}`) })}
          </Typography>
        )}
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
          <LanguageSwitch />
        </Box>
        <Button variant="outlined" color="inherit" disabled={signingOut.isLoading} onClick={() => void signOut()}>
          {t('app.sign_out')}
        </Button>
      </Box>
      {allowed && (area === 'office' ? <OfficeNav /> : <StudioNav />)}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ p: 2, maxWidth: area === 'office' ? 1400 : 1100, mx: 'auto', outline: 'none' }}
      >
        <Toasts />
        {allowed ? (
          <Outlet />
        ) : (
          <>
            <PageHeading title={t(area === 'office' ? 'no_access.office_title' : 'no_access.title')} />
            <Typography>{t(area === 'office' ? 'no_access.office_body' : 'no_access.body')}</Typography>
          </>
        )}
      </Box>
    </>
  );
}
