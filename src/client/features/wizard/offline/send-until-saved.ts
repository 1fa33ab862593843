import { registerServiceWorker } from '../../../app/service-worker-registration';
import type { StepAnswers } from '../wizard-slice';
import { answerLost } from './answer-lost';
import { saveStatus } from './save-status';
import { typedSaved } from './typed-offline';

/** After a failure with the network said to be up, the next attempt waits this long, doubling to the last. */
const RETRY_MS = [2_000, 5_000, 15_000, 30_000];

const loadStore = () => import('./unsaved-answers');

export { registerServiceWorker };

/** Loads the IndexedDB store now, while the network is there: a save that fails offline needs it. */
export const preloadStore = () => void loadStore().catch(() => undefined);

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
 * Sends one save until an answer arrives (loaded when a first attempt got none, or preloaded). When none does, its answers are kept on this phone
 * (IndexedDB, status "Saved on this phone") and the same save (same `save_id`, so the server never
 * saves it twice nor makes a second draft) is sent again when the network returns; once it went
 * through, the phone forgets them ("Saved"). Any answer from the server (errors included) ends it.
 */
export async function sendUntilSaved<T>(
  send: () => Promise<T>,
  unsaved: { draft: string; step: string; answers: StepAnswers; save_id: string; unfinished?: boolean },
): Promise<T> {
  // The first attempt got no answer (offline-saving.ts): the answers are kept before anything else.
  try {
    await (await loadStore()).keepUnsaved(unsaved);
  } catch {
    // No IndexedDB (private mode, storage full): the answers stay in the page, and are still sent.
  }
  saveStatus.set('device');
  for (let attempt = 0; ; attempt++) {
    await nextAttempt(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!);
    try {
      const result = await send();
      await (await loadStore()).forgetUnsaved().catch(() => undefined);
      typedSaved(unsaved.step);
      saveStatus.set('saved');
      return result;
    } catch (failure) {
      if (answerLost(failure)) continue;
      await (await loadStore()).forgetUnsaved().catch(() => undefined);
      saveStatus.set('idle');
      throw failure;
    }
  }
}
