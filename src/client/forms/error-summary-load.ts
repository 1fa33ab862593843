import { lazy } from 'react';

/**
 * The summary of what needs fixing (ErrorSummary.tsx), in a file of its own: a step shows without it,
 * and draws it only once Continue finds errors. The wizard loads it ahead once a step shows (WizardFlow).
 */
export const loadErrorSummary = () => import('./ErrorSummary');

export const ErrorSummary = lazy(() => loadErrorSummary().then((m) => ({ default: m.ErrorSummary })));
