import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { signedOut } from '../app/session-slice';
import { SplashGate } from '../components/SplashGate';
import { LanguageSwitch } from './LanguageSwitch';

/** Spec: the dashboard navbar (Application link, language, Logout only with a user), a Back button, the page. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const logout = async () => {
    // Leave the dashboard before signing out: signed out on a dashboard page, the route guard would
    // send the user to Home (and remember the dashboard as the intended URL) instead of /home/login.
    await navigate('/home/login', { flushSync: true });
    dispatch(signedOut());
  };
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <AppBar position="static" elevation={0}>
        <Container>
          <Toolbar
            disableGutters
            component="nav"
            aria-label={t('dashboard.nav_label')}
            sx={{ gap: 1, flexWrap: 'wrap' }}
          >
            <Button component={NavLink} to="/dashboard/application" color="inherit">
              {t('dashboard.application')}
            </Button>
            <Button component={NavLink} to="/dashboard/applications" color="inherit">
              {t('dashboard.applications')}
            </Button>
            <Button component={NavLink} to="/dashboard/profile" color="inherit" sx={{ mr: 'auto' }}>
              {t('dashboard.profile')}
            </Button>
            <LanguageSwitch id="dashboard-language" dark />
            {user && (
              <Button color="inherit" variant="outlined" onClick={() => void logout()}>
                {t('dashboard.logout')}
              </Button>
            )}
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" id="main" sx={{ py: 3 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)} sx={{ mb: 2 }}>
          {t('dashboard.back')}
        </Button>
        <SplashGate>
          <Outlet />
        </SplashGate>
      </Container>
    </Box>
  );
}
