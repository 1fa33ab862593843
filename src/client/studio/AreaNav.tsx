import Box from '@mui/material/Box';
import { NavLink } from 'react-router-dom';

/** A page of a staff area's nav; `end`: current only on that very address, not on those under it. */
export interface AreaLink {
  to: string;
  label: string;
  end?: boolean;
}

/** The nav of one of the staff app's areas (the studio's, the workspace's). NavLink marks the page open (aria-current). */
export function AreaNav({ label, links, maxWidth }: { label: string; links: AreaLink[]; maxWidth: number }) {
  return (
    <Box component="nav" aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0, maxWidth, mx: 'auto' }}
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
