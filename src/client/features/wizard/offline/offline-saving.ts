import type { StepAnswers } from '../wizard-slice';
import { answerLost } from './answer-lost';
import { saveStatus } from './save-status';

/**
 * What the wizard's first step carries of offline saving: a save's key and the first attempt. The rest
 * (the retries and their IndexedDB store, send-until-saved.ts, unsaved-answers.ts, and the service
 * worker's registration) loads with DeviceAnswers.tsx once the step has shown, while the network is there.
 */
const loadRetries = () => import('./send-until-saved');

/** A save's idempotency key (a UUID v4): every attempt of one save carries the same (save-receipts.ts). */
export function newSaveId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sends a save; when no answer arrives, hands it to sendUntilSaved (send-until-saved.ts), which keeps
 * its answers on the phone and sends it again, with the same `save_id`, until the server answers.
 */
export async function saveOnceAnswered<T>(
  send: () => Promise<T>,
  unsaved: { draft: string; step: string; answers: StepAnswers; save_id: string; unfinished?: boolean },
): Promise<T> {
  try {
    const result = await send();
    // What was typed offline is on the server now: "Saved" says so, and the phone forgets it.
    if (saveStatus.get() === 'device') {
      saveStatus.set('saved');
      void import('./typed-offline').then(({ typedSaved }) => typedSaved(unsaved.step)).catch(() => undefined);
    } else saveStatus.set('idle');
    return result;
  } catch (failure) {
    if (!answerLost(failure)) {
      saveStatus.set('idle');
      throw failure;
    }
    const { sendUntilSaved } = await loadRetries();
    return sendUntilSaved(send, unsaved);
  }
}
