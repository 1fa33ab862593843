// A timer longer than a 32-bit signed millisecond count (24.8 days) must never reach Node: Node sets it
// to 1 ms, and code that arms it again from the time left re-arms it every millisecond, a busy core until
// its process ends (issue 32, item 8: 88,000 TimeoutOverflowWarnings in one CI run, PGlite's PostgreSQL
// arming a timeout for a Date a test had faked weeks ahead). The product arms no such timer; in the
// node test files this guard holds one at the longest a timer can be (it does not fire in a test's
// lifetime, so nothing spins) and says once, on stderr, where it was armed.

const LONGEST_TIMER_MS = 2 ** 31 - 1;

type Timer = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => unknown;

const told = new Set<string>();

function guarded<T extends Timer>(timer: T, name: string): T {
  const guard = ((callback, ms, ...args) => {
    if (typeof ms === 'number' && ms > LONGEST_TIMER_MS) {
      const where = new Error(`${name} of ${ms} ms, longer than a timer holds: held at ${LONGEST_TIMER_MS} ms`).stack;
      if (where && !told.has(where.split('\n').slice(1).join('\n'))) {
        told.add(where.split('\n').slice(1).join('\n'));
        console.error(where);
      }
      return timer(callback, LONGEST_TIMER_MS, ...args);
    }
    return timer(callback, ms, ...args);
  }) as T;
  return Object.assign(guard, timer);
}

const marked = globalThis as { kibaliTimerGuard?: true };
if (!marked.kibaliTimerGuard) {
  marked.kibaliTimerGuard = true;
  globalThis.setTimeout = guarded(globalThis.setTimeout as unknown as Timer, 'setTimeout') as never;
  globalThis.setInterval = guarded(globalThis.setInterval as unknown as Timer, 'setInterval') as never;
}
