import fc from 'fast-check';
import { SCRIPT_AND_SQL } from './payloads';
import type { JsonSchema } from './security-world';

export { SCRIPT_AND_SQL };

/** Strings that have broken servers: control characters, lone surrogates, templates, paths, look-alike values. */
export const HOSTILE_STRINGS: readonly string[] = [
  ...SCRIPT_AND_SQL,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  '\ufeff',
  '💥'.repeat(40),
  'Ω≈ç√∫˜µ≤≥÷',
  'Zanzibar\r\nSet-Cookie: x=1',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  '2026-02-30',
  '9999-99-99',
  '0000-00-00',
  '275760-09-14',
  'ZZZZZ-ZZZZZ',
  '\\',
  '"',
  "'",
  'x'.repeat(5000),
  '9'.repeat(400),
];

const deep = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** An object whose own keys are `__proto__` or `constructor` (what JSON.parse makes of such text). */
const pollutingObject = fc
  .constantFrom(
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"prototype":{"polluted":"yes"}}',
  )
  .map((text) => JSON.parse(text) as unknown);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** Any JSON value an attacker may send in place of an expected one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, -0.5, 1e308, -1e308, 2 ** 53 + 2, [], {}, [
      null,
    ]),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(deep(200, 'x'), deep(2000, 1)) },
  { weight: 1, arbitrary: pollutingObject },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
);

/** Values that follow the schema (so that the request reaches the service), without being sensible. */
export function fromSchema(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 40, 60);
      const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
      return schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern)).filter(fits)
        : fc.string({ unit: 'grapheme', minLength, maxLength });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(schema.items), { maxLength: 3 });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }));
      return fc.record(Object.fromEntries(properties.map(([name, s]) => [name, fromSchema(s)])), {
        requiredKeys: (schema.required ?? []).filter((name) => schema.properties?.[name]),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Adds an own `__proto__`, `constructor` or `prototype` key to an object (as JSON.parse would). */
export function withPollutingKey(value: unknown, key: string, inner: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const copy = { ...(value as Record<string, unknown>) };
  Object.defineProperty(copy, key, { value: inner, enumerable: true, configurable: true, writable: true });
  return copy;
}
