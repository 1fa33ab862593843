import { vi } from 'vitest';

// PGlite's PostgreSQL reads the time from Date, and arms its own timeouts with setTimeout: one armed
// under a fake Date weeks ahead is more than a 32-bit timer holds, so once the clock is real again Node
// fires it every millisecond and PostgreSQL arms it again, until that database closes (88,000
// TimeoutOverflowWarnings and a busy core in one CI run). So a test fakes Date only through fakeDate,
// and a database open while Date was fake is closed for good instead of given to the next test.

let fakedTimes = 0;
const beforeFaking = new Set<() => void>();

/**
 * Runs `listener` each time Date is about to be faked: test-databases.ts closes its idle PGlite
 * databases then (one kept open for a later file would arm its timeouts under the fake Date too).
 */
export function whenDateIsFaked(listener: () => void): void {
  beforeFaking.add(listener);
}

/** How many times Date was faked in this worker: a database opened before the last time saw it. */
export const clockFakings = (): number => fakedTimes;

/** Whether Date is fake now. */
export const dateIsFake = (): boolean => vi.isFakeTimers();

/** Fakes Date alone (timers stay real), at `now`; vi.setSystemTime moves it, vi.useRealTimers ends it. */
export function fakeDate(now: Date | number = Date.now()): void {
  fakedTimes++;
  for (const listener of beforeFaking) listener();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
}
