import type { ApiFailure } from '../../../app/api';
import { registerServiceWorker } from '../../../app/service-worker-registration';
import type { StepAnswers } from '../wizard-slice';
import { saveStatus } from './save-status';

/** After a failure with the network said to be up, the next attempt waits this long, doubling to the last. */
const RETRY_MS = [2_000, 5_000, 15_000, 30_000];

const loadStore = () => import('./unsaved-answers');

/**
 * Loads the IndexedDB code once the wizard has shown, while the network is there: a save that fails
 * later, offline, finds it already loaded; and registers the service worker. Nothing of either is in
 * the wizard's first bytes.
 */
export function preloadOfflineSaving(): void {
  const load = () => {
    void loadStore().catch(() => undefined);
    // The shell and the forms kept on the phone for the next visit (and a reload offline).
    registerServiceWorker();
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5_000 });
  else setTimeout(load, 1_000);
}

/** A save's idempotency key (a UUID v4): every attempt of one save carries the same (save-receipts.ts). */
export function newSaveId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** No answer arrived (network down, cut mid-way, a proxy's page): the save may or may not have reached the server. */
const answerLost = (failure: unknown) => (failure as Partial<ApiFailure> | null)?.code === 0;

/** Resolves when the browser says it is online again, or after `ms` (the network may be up but flaky). */
function nextAttempt(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      window.removeEventListener('online', go);
      clearTimeout(timer);
      resolve();
    };
    window.addEventListener('online', go);
    const timer = setTimeout(go, navigator.onLine ? ms : RETRY_MS.at(-1)!);
  });
}

/**
 * Sends one save until an answer arrives. When none does, its answers are kept on this phone
 * (IndexedDB, status "Saved on this phone") and the same save (same `save_id`, so the server never
 * saves it twice nor makes a second draft) is sent again when the network returns; once it went
 * through, the phone forgets them ("Saved"). Any answer from the server (errors included) ends it.
 */
export async function sendUntilSaved<T>(
  send: () => Promise<T>,
  unsaved: { draft: string; step: string; answers: StepAnswers; save_id: string },
): Promise<T> {
  let kept = false;
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await send();
      if (kept) {
        await (await loadStore()).forgetUnsaved().catch(() => undefined);
        saveStatus.set('saved');
      } else saveStatus.set('idle');
      return result;
    } catch (failure) {
      if (!answerLost(failure)) {
        if (kept) await (await loadStore()).forgetUnsaved().catch(() => undefined);
        saveStatus.set('idle');
        throw failure;
      }
      if (!kept) {
        try {
          await (await loadStore()).keepUnsaved(unsaved);
        } catch {
          // No IndexedDB (private mode, storage full): the answers stay in the page, and are still sent.
        }
        kept = true;
        saveStatus.set('device');
      }
      await nextAttempt(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!);
    }
  }
}
