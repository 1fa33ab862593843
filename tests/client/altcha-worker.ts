import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { vi } from 'vitest';

/**
 * jsdom has no Worker and is no secure context: the ALTCHA widget's PBKDF2 worker is played in the page
 * by altcha-lib's own solver (the worker's code, minus the thread), so that the widget solves the mock
 * backend's real challenges.
 */
class InPageWorker extends EventTarget {
  private controller: AbortController | undefined;

  postMessage(data: { type: string; challenge: never; counterStart: number; counterStep: number }): void {
    if (data.type === 'abort') return this.controller?.abort();
    this.controller = new AbortController();
    void solveChallenge({
      challenge: data.challenge,
      controller: this.controller,
      counterStart: data.counterStart,
      counterStep: data.counterStep,
      deriveKey,
    }).then(
      (solution) => this.dispatchEvent(new MessageEvent('message', { data: solution })),
      (error: unknown) => this.dispatchEvent(new MessageEvent('message', { data: { error: String(error) } })),
    );
  }

  terminate(): void {
    this.controller?.abort();
  }
}

export async function solveCaptchasInPage(): Promise<void> {
  vi.stubGlobal('isSecureContext', true);
  // After the module that registers the bundled worker (Vite's `?worker`, which jsdom cannot run).
  await import('../../src/client/features/sign-in/CaptchaField');
  globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new InPageWorker() as unknown as Worker);
}
