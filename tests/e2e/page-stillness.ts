import type { Page, Request } from 'playwright-core';

/** After this long without two quiet looks in a row, the wait ends anyway and says what kept it busy. */
const STILLNESS_CAP_MS = 15_000;

/**
 * Waits until the page is still: no request of its own in flight and no finite animation running, twice
 * in a row `intervalMs` apart (a button enabled once its data arrives fades to its colours, and axe must
 * not measure it half way). Requests are tracked one by one from the moment this is made: an answer to a
 * request sent before is ignored (a counter went below zero there and never read zero again), and a
 * request that never ends (a stream, a request the service worker keeps) stops the wait only for
 * STILLNESS_CAP_MS, after which the wait ends with a warning naming it rather than hanging the test.
 */
export function stillness(page: Page, intervalMs = 100): () => Promise<void> {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return async () => {
    const deadline = Date.now() + STILLNESS_CAP_MS;
    for (let quiet = 0; quiet < 2;) {
      if (Date.now() > deadline) {
        const busy = [...inFlight].map((r) => `${r.method()} ${r.url()}`).join(', ');
        console.warn(`The page was not still within ${STILLNESS_CAP_MS / 1000} s (in flight: ${busy || 'none'})`);
        return;
      }
      await page.waitForTimeout(intervalMs);
      const moving = await page.evaluate(() =>
        document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity),
      );
      quiet = inFlight.size === 0 && !moving ? quiet + 1 : 0;
    }
  };
}
