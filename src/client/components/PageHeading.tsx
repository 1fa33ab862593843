import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../app/use-page-title';

/** The page's h1 and document title, from one translation key. */
export function PageHeading({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  usePageTitle(titleKey);
  return (
    <Typography component="h1" variant="h1" gutterBottom>
      {children}
    </Typography>
  );
}
