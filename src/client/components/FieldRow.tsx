import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';

/** A field with its buttons beside it, top-aligned (under it on a phone); `spaced`: room below the row. */
export function FieldRow({ spaced = false, children }: { spaced?: boolean; children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' }, ...(spaced ? { mb: 2 } : {}) }}
    >
      {children}
    </Stack>
  );
}
