import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { STUDIO_PAGE } from '../../shared/api/studio';
import { useStudioSelector } from './hooks';
import { mayAudit } from './roles';

/** The studio's pages; the audit only for those who may read it. NavLink marks the page open (aria-current). */
export function StudioNav() {
  const { t } = useTranslation('studio');
  const role = useStudioSelector((state) => state.staffSession.staff?.role);
  const links = [
    { to: STUDIO_PAGE, label: t('nav.overview'), end: true },
    { to: `${STUDIO_PAGE}/flows`, label: t('nav.flows') },
    { to: `${STUDIO_PAGE}/documents`, label: t('nav.documents') },
    { to: `${STUDIO_PAGE}/fees`, label: t('nav.fees') },
    { to: `${STUDIO_PAGE}/diff`, label: t('nav.diff') },
    { to: `${STUDIO_PAGE}/history`, label: t('nav.history') },
    { to: `${STUDIO_PAGE}/translations`, label: t('nav.translations') },
    ...(mayAudit(role) ? [{ to: `${STUDIO_PAGE}/audit`, label: t('nav.audit') }] : []),
  ];
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0, maxWidth: 1100, mx: 'auto' }}
      >
        {links.map((link) => (
          <li key={link.to}>
            <Box
              component={NavLink}
              to={link.to}
              end={link.end}
              sx={{
                display: 'inline-block',
                px: 1.5,
                py: 1.25,
                color: 'primary.main',
                textDecoration: 'none',
                borderBottom: 3,
                borderColor: 'transparent',
                '&[aria-current="page"]': { borderColor: 'primary.main', fontWeight: 700 },
                '&:hover': { textDecoration: 'underline' },
              }}
            >
              {link.label}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}
