import type { StepAnswers } from '../wizard-slice';
import { saveStatus } from './save-status';

/**
 * Answers typed (no button pressed) are kept on this phone only while it is offline or a save waits
 * for the network (status "Saved on this phone"): with the network there and saves going through,
 * nothing personal is written to the device. Loaded with DeviceAnswers.tsx once the first step has
 * shown; the IndexedDB store is preloaded then too (offline-saving.ts).
 */
const loadStore = () => import('./unsaved-answers');

/** The step whose typed answers this page keeps on the phone, if any. */
let keptStep: string | undefined;

export function keepTypedIfOffline(draft: string, step: string, answers: StepAnswers): void {
  if (navigator.onLine && saveStatus.get() !== 'device') return;
  keptStep = step;
  saveStatus.set('device');
  void loadStore()
    .then((store) => store.keepTyped({ draft, step, answers }))
    .catch(() => undefined);
}

/** Typed answers were put back into `step` from the phone (after a reload or a return). */
export function typedRestored(step: string): void {
  keptStep = step;
}

/** `step` was saved: its typed answers are on the server now, the phone forgets them. */
export function typedSaved(step: string): void {
  if (keptStep !== step) return;
  keptStep = undefined;
  void loadStore()
    .then((store) => store.forgetTyped())
    .catch(() => undefined);
}
