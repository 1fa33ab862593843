import { lazy, Suspense, type ReactNode } from 'react';

/**
 * MUI's Alert (with its Paper, IconButton and icons), loaded only when a load has failed: the wizard's
 * first step shows without it. The wizard loads it ahead once a step shows (ErrorSummary draws one too).
 */
const Alert = lazy(() => import('@mui/material/Alert'));

/** What could not be loaded, with the way to try again (`action`). */
export function FailedAlert({ action, children }: { action: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Alert severity="error" action={action}>
        {children}
      </Alert>
    </Suspense>
  );
}
