import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { OFFICE_PAGE } from '../../../shared/api/staff-session';

/** The officers' workspace's pages. NavLink marks the page open (aria-current). */
export function OfficeNav() {
  const { t } = useTranslation('studio');
  const links = [
    { to: OFFICE_PAGE, label: t('nav.queue'), end: true },
    { to: `${OFFICE_PAGE}/mine`, label: t('nav.mine'), end: true },
    { to: `${OFFICE_PAGE}/messages`, label: t('nav.messages'), end: true },
  ];
  return (
    <Box component="nav" aria-label={t('nav.office_label')} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0, maxWidth: 1400, mx: 'auto' }}
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
