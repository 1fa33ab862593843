import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SplashGate } from '../components/SplashGate';
import { WhatsAppPrompt } from '../components/WhatsAppPrompt';
import { NavBar } from './NavBar';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

/** The public pages: top bar, navigation, the page (once reference data is in), footer, WhatsApp prompt. */
export function SiteLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
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
      <NavBar />
      {/* At least a screen high: the footer starts below the fold, so a page whose content arrives later
          (the engineers, the wizard's step) does not push a visible footer down (layout shift). */}
      <Container component="main" id="main" tabIndex={-1} sx={{ flex: 1, minHeight: '100vh', py: 3, outline: 'none' }}>
        <SplashGate>
          <Outlet />
        </SplashGate>
      </Container>
      <SiteFooter />
      <WhatsAppPrompt />
    </Box>
  );
}
