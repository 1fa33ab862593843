import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { NAV_ITEMS } from './nav-items';

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
            onClick={() => setOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} id="mobile-menu">
        <Box component="nav" aria-label={t('nav.label')} sx={{ width: 260, p: 2 }}>
          <List>
            {NAV_ITEMS.map((item) => (
              <ListItem key={item.to} disablePadding>
                <ListItemButton component={NavLink} to={item.to} onClick={() => setOpen(false)}>
                  {t(item.key)}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Box sx={{ mt: 2 }}>
            <LanguageSwitch id="language-switch-menu" />
          </Box>
          <Button sx={{ mt: 2 }} onClick={() => setOpen(false)}>
            {t('nav.close_menu')}
          </Button>
        </Box>
      </Drawer>
    </AppBar>
  );
}
