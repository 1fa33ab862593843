import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ bgcolor: '#e7eeea', mt: 6, py: 3, pb: 10 }}>
      <Container>
        <Stack
          component="nav"
          aria-label={t('footer.links')}
          direction="row"
          spacing={2}
          sx={{ flexWrap: 'wrap', mb: 1 }}
        >
          <Link component={RouterLink} to="/home/about">
            {t('nav.about')}
          </Link>
          <Link component={RouterLink} to="/home/terms_conditions">
            {t('titles.terms')}
          </Link>
          <Link component={RouterLink} to="/home/faq">
            {t('nav.faq')}
          </Link>
          <Link component={RouterLink} to="/home/accessibility">
            {t('footer.accessibility')}
          </Link>
        </Stack>
        <Typography variant="body2">{t('footer.powered_by')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Container>
    </Box>
  );
}
