import { lazy, Suspense } from 'react';
import { trackPageLoad } from '../../../../app/page-loads';
import type { StepAnswers } from '../../wizard-slice';

/** Send code and the code entry load when the engineer step is first reached or made ready around the step shown. */
export const loadEngineerConfirm = () => import('./EngineerConfirm');
const EngineerConfirm = lazy(() => trackPageLoad(loadEngineerConfirm()).then((m) => ({ default: m.EngineerConfirm })));

/** The engineer step's own part, below its questions: the engineer confirms by a code. */
export const engineerExtra = (answers: StepAnswers, change: (next: StepAnswers) => void) => (
  <Suspense fallback={null}>
    <EngineerConfirm answers={answers} change={change} />
  </Suspense>
);
