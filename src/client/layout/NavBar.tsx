import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { NAV_ITEMS } from './nav-items';

/**
 * The site's navigation. On a phone the links fold into a panel under the bar (a disclosure, not a
 * modal drawer: lighter to load, and the page behind stays reachable).
 */
export function NavBar() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <AppBar position="static" color="primary" elevation={0}>
      <Container>
        <Toolbar disableGutters sx={{ gap: 2, minHeight: 64 }}>
          <Typography
            component={RouterLink}
            to="/home/landing"
            aria-label={t('app.home_link')}
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, fontSize: '1.3rem', mr: 'auto' }}
          >
            {t('app.name')}
            <Typography
              component="span"
              sx={{ display: { xs: 'none', sm: 'inline' }, ml: 1, fontSize: '0.9rem', opacity: 0.9 }}
            >
              {t('app.tagline')}
            </Typography>
          </Typography>
          <Box component="nav" aria-label={t('nav.label')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
            {NAV_ITEMS.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                color="inherit"
                sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: 6, textDecorationThickness: 2 } }}
              >
                {t(item.key)}
              </Button>
            ))}
          </Box>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageSwitch dark />
          </Box>
          <IconButton
            color="inherit"
            aria-label={t('nav.open_menu')}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((wasOpen) => !wasOpen)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {open && (
        <Box
          component="nav"
          id="mobile-menu"
          aria-label={t('nav.label')}
          sx={{ display: { md: 'none' }, bgcolor: 'background.paper', color: 'text.primary', px: 2, py: 1 }}
        >
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Button
                  component={NavLink}
                  to={item.to}
                  onClick={() => setOpen(false)}
                  fullWidth
                  sx={{ justifyContent: 'flex-start', py: 1.25, '&.active': { fontWeight: 700 } }}
                >
                  {t(item.key)}
                </Button>
              </li>
            ))}
          </Box>
          <Box sx={{ mt: 1, display: { sm: 'none' } }}>
            <LanguageSwitch id="language-switch-menu" />
          </Box>
          <Button sx={{ mt: 1 }} onClick={() => setOpen(false)}>
            {t('nav.close_menu')}
          </Button>
        </Box>
      )}
    </AppBar>
  );
}
