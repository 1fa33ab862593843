import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface Row {
  label: string;
  value: ReactNode;
}

/** Label/value pairs, side by side on wide screens; empty values are left out. */
export function Details({ rows }: { rows: Row[] }) {
  const shown = rows.filter((row) => row.value !== '' && row.value !== null && row.value !== undefined);
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { sm: 'minmax(10rem, 1fr) 2fr' }, columnGap: 2, rowGap: 1, m: 0 }}
    >
      {shown.map((row, i) => (
        <Box key={`${row.label}-${i}`} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {row.label}
          </Box>
          <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {row.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
