import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { vi } from 'vitest';

/**
 * jsdom has no Worker and is no secure context: the ALTCHA widget's PBKDF2 worker is played in the page
 * by altcha-lib's own solver (the worker's code, minus the thread), so that the widget solves the mock
 * backend's real challenges. Made with the page's EventTarget and MessageEvent as they are when the
 * widget asks for a worker: the client files share their modules (isolate: false) but each has a page
 * of its own, and an event of one page cannot be dispatched on a target of another.
 */
function inPageWorker(): Worker {
  const target = new EventTarget();
  const Message = MessageEvent;
  let controller: AbortController | undefined;
  // A solve stopped (abort, terminate: the widget gone, or the file's page torn down) answers nothing,
  // as a terminated worker would: its rejection came after the page, and dispatching it threw there.
  const answer = (run: AbortController) => (data: unknown) => {
    if (!run.signal.aborted) target.dispatchEvent(new Message('message', { data }));
  };
  const worker = Object.assign(target, {
    postMessage(data: { type: string; challenge: never; counterStart: number; counterStep: number }): void {
      if (data.type === 'abort') return controller?.abort();
      const run = (controller = new AbortController());
      const send = answer(run);
      void solveChallenge({
        challenge: data.challenge,
        controller,
        counterStart: data.counterStart,
        counterStep: data.counterStep,
        deriveKey,
      }).then(send, (error: unknown) => send({ error: String(error) }));
    },
    terminate(): void {
      controller?.abort();
    },
  });
  return worker as unknown as Worker;
}

export async function solveCaptchasInPage(): Promise<void> {
  vi.stubGlobal('isSecureContext', true);
  // After the module that registers the bundled worker (Vite's `?worker`, which jsdom cannot run).
  await import('../../src/client/features/sign-in/CaptchaField');
  globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', inPageWorker);
}
