import { afterEach, describe, expect, it } from 'vitest';

// tests/support/timer-guard.ts, which every node test file runs with: a timer longer than Node holds
// never reaches Node (which would fire it after 1 ms, again and again when re-armed from the time left).

const THIRTY_DAYS_MS = 30 * 24 * 3600_000;

describe('a timer longer than 24.8 days in a node test', () => {
  const warnings: Error[] = [];
  const listen = (warning: Error) => void warnings.push(warning);
  afterEach(() => {
    process.off('warning', listen);
    warnings.length = 0;
  });

  it.each(['setTimeout', 'setInterval'] as const)(
    '%s: held at the longest a timer can be, without a warning, and not fired',
    async (name) => {
      process.on('warning', listen);
      let fired = false;
      const timer = globalThis[name](() => (fired = true), THIRTY_DAYS_MS);
      // Node's TimeoutOverflowWarning is emitted on the next tick after the timer is armed; a timer set to
      // 1 ms has fired once two macrotasks later.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 5));
      clearTimeout(timer);
      expect(warnings.filter((warning) => warning.name === 'TimeoutOverflowWarning')).toEqual([]);
      expect(fired).toBe(false);
    },
  );
});
