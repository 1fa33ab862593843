import { useEffect, useRef } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Themed } from '../../app/Themed';
import { PageBoundary } from '../../components/PageBoundary';
import { SplashGate } from '../../components/SplashGate';
import { dashboardApi } from './dashboard-api';
import { ProfileBlock } from './ProfileBlock';
import { SessionTimer } from './SessionTimer';
import { useLogout } from './use-logout';
import { WhatsAppPrompt } from '../../components/WhatsAppPrompt';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { SiteFooter } from '../../layout/SiteFooter';
import { TopBar } from '../../layout/TopBar';

const activeLink = { '&.active': { textDecoration: 'underline', textUnderlineOffset: 6, textDecorationThickness: 2 } };

/**
 * Spec: the dashboard navbar (Application link, language, Logout only with a user), a Back button, the
 * profile layout (who, which application, its status) and the page; the session timer runs here.
 * Loaded lazily with the dashboard's pages: none of it is on the landing page.
 */
export default function DashboardLayout() {
  const { t, i18n } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { logout, loggingOut } = useLogout();

  // Notifications come in the language of the request: fetch them again in the new one.
  const language = useRef(i18n.language);
  useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    dispatch(dashboardApi.util.invalidateTags(['Notifications']));
  }, [i18n.language, dispatch]);

  return (
    <Themed>
      {/* A column as the public pages' (shell.css), with their support contacts at the top and WhatsApp at the end. */}
      <Box className="k-page">
        <Link
          href="#main"
          sx={{
            position: 'absolute',
            left: -9999,
            '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: '#fff', p: 1 },
          }}
        >
          {t('app.skip_to_content')}
        </Link>
        <TopBar />
        <AppBar position="static" elevation={0}>
          <Container>
            <Toolbar
              disableGutters
              component="nav"
              aria-label={t('dashboard.nav_label')}
              sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}
            >
              <Button component={NavLink} to="/dashboard/application" color="inherit" sx={activeLink}>
                {t('dashboard.application')}
              </Button>
              <Button component={NavLink} to="/dashboard/applications" color="inherit" sx={activeLink}>
                {t('dashboard.applications')}
              </Button>
              <Button component={NavLink} to="/dashboard/profile" color="inherit" sx={{ ...activeLink, mr: 'auto' }}>
                {t('dashboard.profile')}
              </Button>
              <LanguageSwitch id="dashboard-language" dark />
              {user && (
                <Button color="inherit" variant="outlined" onClick={() => void logout()} disabled={loggingOut}>
                  {t('dashboard.logout')}
                </Button>
              )}
            </Toolbar>
          </Container>
        </AppBar>
        <Container sx={{ py: 3 }}>
          <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)} sx={{ mb: 2 }}>
            {t('dashboard.back')}
          </Button>
          <SplashGate>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' },
                gap: 3,
                alignItems: 'start',
              }}
            >
              <ProfileBlock />
              {/* The profile block is beside the main content, not in it (a top-level landmark). */}
              <Box component="main" id="main" tabIndex={-1} sx={{ minWidth: 0, minHeight: '100vh', outline: 'none' }}>
                <PageBoundary>
                  <Outlet />
                </PageBoundary>
              </Box>
            </Box>
          </SplashGate>
        </Container>
        {/* The footer's links (the accessibility statement among them) on the dashboard's pages too. */}
        <SiteFooter />
        <WhatsAppPrompt />
        {user && <SessionTimer />}
      </Box>
    </Themed>
  );
}
