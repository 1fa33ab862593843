import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import rjsfDeepEquals from '../../node_modules/@rjsf/utils/lib/deepEquals.js';
import deepEquals from '../../src/client/vendor/rjsf-deep-equals';

// The client build swaps RJSF's deepEquals (fast-equals) for src/client/vendor/rjsf-deep-equals.ts:
// on what RJSF compares (JSON form data, schemas, UI schemas with functions) both must agree.
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.string({ maxLength: 4 }),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('the client stand-in for RJSF deepEquals', () => {
  it('agrees with RJSF on random JSON pairs and on a value and its copy', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(deepEquals(a, b)).toBe(rjsfDeepEquals(a, b));
        const copy: unknown = structuredClone(a);
        expect(deepEquals(a, copy)).toBe(rjsfDeepEquals(a, copy));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts any two functions equal, a function and a value not, and keeps to key sets', () => {
    expect(deepEquals({ f: () => 1, a: [1] }, { f: () => 2, a: [1] })).toBe(true);
    expect(deepEquals({ f: () => 1 }, { f: 1 })).toBe(false);
    expect(deepEquals({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(deepEquals([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(deepEquals(new Date(5), new Date(5))).toBe(true);
    expect(deepEquals(new Date(5), new Date(6))).toBe(false);
    expect(deepEquals({ n: 0, m: Number.NaN }, { n: -0, m: Number.NaN })).toBe(
      rjsfDeepEquals({ n: 0, m: Number.NaN }, { n: -0, m: Number.NaN }),
    );
  });

  it('ends on circular values', () => {
    const a: Record<string, unknown> = { x: 1 };
    a.self = a;
    const b: Record<string, unknown> = { x: 1 };
    b.self = b;
    expect(deepEquals(a, b)).toBe(rjsfDeepEquals(a, b));
  });
});
