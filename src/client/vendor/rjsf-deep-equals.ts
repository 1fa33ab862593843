/**
 * Stands in for `@rjsf/utils`'s deepEquals (vite.config.ts swaps it in, for the client only), which
 * is `fast-equals`' createCustomEqual: ~2.5 KiB of gzip on the wizard's first step for what RJSF
 * compares here, namely form data, schemas and UI schemas (plain JSON with functions in UI schemas).
 * Same rules as RJSF's: functions are always equal, circular references do not loop forever; Dates
 * compare by time, RegExps by text.
 */
function equal(a: unknown, b: unknown, seen: WeakMap<object, object>): boolean {
  // SameValueZero, as fast-equals: 0 equals -0, NaN equals NaN.
  if (a === b || (a !== a && b !== b)) return true;
  if (typeof a === 'function' && typeof b === 'function') return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof RegExp) return String(a) === String(b);
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => equal(item, other[i], seen));
  }
  if (a instanceof Map || a instanceof Set) {
    const left = [...a.entries()];
    const right = [...(b as Map<unknown, unknown> | Set<unknown>).entries()];
    return left.length === right.length && left.every((entry, i) => equal(entry, right[i], seen));
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const objectB = b as Record<string, unknown>;
  return keysA.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(objectB, key) &&
      equal((a as Record<string, unknown>)[key], objectB[key], seen),
  );
}

export default function deepEquals(a: unknown, b: unknown): boolean {
  return equal(a, b, new WeakMap());
}
