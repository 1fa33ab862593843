import { describe, expect, it } from 'vitest';
import type { FormsSet } from '../../src/shared/forms';
import { formsSetProblems } from '../../src/shared/forms-check/set-check';
import { ENUM_ROW_COMPARISONS_MAX, PATTERN_MAX_LENGTH } from '../../src/shared/forms-check/cost-check';
import { realSet } from './studio-set';

// What a published form costs the server to check an answer against (issue 31, item 1): the checker,
// which the studio, forms:import and the first start all publish through, refuses what is not linear
// in the answer. Each case is the repository's forms with the repair step given one field.

type Json = Record<string, unknown>;

const COST_CODES = [
  'pattern_not_linear',
  'pattern_max_length',
  'unique_items_rows',
  'enum_not_single_values',
  'enum_rows_costly',
  'ref_cycle',
  'ref_not_pointer',
];

/** The cost problems of the forms with `field` added to the repair step (and `extra` merged into its schema). */
function costCodes(field: Json, extra: Json = {}): string[] {
  const set: FormsSet = structuredClone(realSet());
  const schema = set.steps.repair!.schema as Json & { properties: Json };
  schema.properties.probe = field;
  Object.assign(schema, extra);
  return formsSetProblems(set)
    .filter((p) => COST_CODES.includes(String(p.code)))
    .map((p) => `${p.code}:${(p.path ?? []).join('/')}`);
}

const WORDS = '^([a-zA-Z0-9]+\\s?)+$';
const rows = (items: Json, more: Json = {}) => ({ type: 'array', maxItems: 10_000, items, ...more });
const options = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`);
const node = {
  type: 'object',
  properties: { name: { type: 'string', maxLength: 20 }, child: { $ref: '#/definitions/node' } },
};

const CASES: [string, Json, Json, string[]][] = [
  [
    'the words pattern with no maxLength',
    { type: 'string', pattern: WORDS },
    {},
    ['pattern_max_length:properties/probe/pattern'],
  ],
  [
    'the words pattern on a long text',
    { type: 'string', pattern: WORDS, maxLength: 1000 },
    {},
    ['pattern_max_length:properties/probe/maxLength'],
  ],
  // RE2 runs it in time linear in the answer, and the answer is short.
  [
    'the words pattern with a short maxLength',
    { type: 'string', pattern: WORDS, maxLength: PATTERN_MAX_LENGTH },
    {},
    [],
  ],
  [
    'a backreference',
    { type: 'string', pattern: '^(a+)\\1$', maxLength: 20 },
    {},
    ['pattern_not_linear:properties/probe/pattern'],
  ],
  [
    'a lookahead',
    { type: 'string', pattern: '^(?=.*[0-9]).+$', maxLength: 20 },
    {},
    ['pattern_not_linear:properties/probe/pattern'],
  ],
  [
    'a lookbehind in a table’s rows',
    rows({ type: 'string', pattern: '(?<=a)b', maxLength: 20 }, { maxItems: 5 }),
    {},
    ['pattern_not_linear:properties/probe/items/pattern'],
  ],
  [
    'a field name pattern with a lookahead',
    { type: 'string', maxLength: 5 },
    { patternProperties: { '^(?!x).*$': {} } },
    ['pattern_not_linear:patternProperties/^(?!x).*$'],
  ],
  [
    'uniqueItems over the rows of a table of 10,000',
    rows({ type: 'object', properties: { a: { type: 'string', maxLength: 5 } } }, { uniqueItems: true }),
    {},
    ['unique_items_rows:properties/probe/uniqueItems'],
  ],
  [
    'uniqueItems over lists',
    rows({ type: 'array', maxItems: 3, items: { type: 'string', maxLength: 5 } }, { uniqueItems: true }),
    {},
    ['unique_items_rows:properties/probe/uniqueItems'],
  ],
  [
    'uniqueItems over items of no type',
    rows({ enum: ['a', 'b'] }, { uniqueItems: true }),
    {},
    ['unique_items_rows:properties/probe/uniqueItems'],
  ],
  ['uniqueItems over texts', rows({ type: 'string', maxLength: 5 }, { uniqueItems: true }), {}, []],
  // Review of issue 31: ajv compares an answer with each option of an enum in turn, deeply.
  [
    'a 20,000-option enum in each of 10,000 rows (2×10⁸ comparisons a save)',
    rows({ type: 'string', enum: options(20_000) }),
    {},
    ['enum_rows_costly:properties/probe/items/enum'],
  ],
  [
    'a 2,000-option enum in a column of a table of 100 rows',
    {
      type: 'array',
      maxItems: 100,
      items: { type: 'object', properties: { kind: { type: 'string', enum: options(2000) } } },
    },
    {},
    ['enum_rows_costly:properties/probe/items/properties/kind/enum'],
  ],
  [
    'a 20-option enum in a list of 100 rows, in a list of 100 rows',
    rows({ type: 'array', maxItems: 100, items: { enum: options(20) } }, { maxItems: 100 }),
    {},
    ['enum_rows_costly:properties/probe/items/items/enum'],
  ],
  [
    'an enum at the limit: 100 rows × 1,000 options',
    { type: 'array', maxItems: 100, items: { type: 'string', enum: options(ENUM_ROW_COMPARISONS_MAX / 100) } },
    {},
    [],
  ],
  ['a 20,000-option enum outside any list', { type: 'string', enum: options(20_000) }, {}, []],
  [
    'a 20,000-option enum in the first place of a tuple',
    { type: 'array', maxItems: 1, items: [{ type: 'string', enum: options(20_000) }] },
    {},
    [],
  ],
  [
    'an enum of objects',
    { type: 'object', enum: [{ a: 1 }, { a: 2 }] },
    {},
    ['enum_not_single_values:properties/probe/enum'],
  ],
  [
    'an enum with one list among texts',
    { enum: ['a', ['b', 'c']] },
    {},
    ['enum_not_single_values:properties/probe/enum'],
  ],
  ['an enum of texts, numbers, true/false and null', { enum: ['a', 1, 2.5, true, null] }, {}, []],
  [
    'a $ref to a definition that holds itself',
    { $ref: '#/definitions/node' },
    { definitions: { node } },
    ['ref_cycle:properties/probe/$ref'],
  ],
  [
    'a $ref to the whole step',
    { type: 'object', properties: { again: { $ref: '#' } } },
    {},
    ['ref_cycle:properties/probe/properties/again/$ref'],
  ],
  [
    'two definitions that hold each other',
    { $ref: '#/definitions/a' },
    {
      definitions: {
        a: { type: 'object', properties: { b: { $ref: '#/definitions/b' } } },
        b: { type: 'object', properties: { a: { $ref: '#/definitions/a' } } },
      },
    },
    // Told once, where the cycle is first entered.
    ['ref_cycle:properties/probe/$ref'],
  ],
  [
    'a $ref by an $id',
    { $ref: 'short' },
    { definitions: { short: { $id: 'short', type: 'string', maxLength: 5 } } },
    ['ref_not_pointer:properties/probe/$ref'],
  ],
  [
    'a $ref used twice, never leading back',
    { type: 'object', properties: { a: { $ref: '#/definitions/short' }, b: { $ref: '#/definitions/short' } } },
    { definitions: { short: { type: 'string', maxLength: 5 } } },
    [],
  ],
];

describe('what a form costs to check an answer against', () => {
  it.each(CASES)('%s', (_, field, extra, expected) => {
    expect(costCodes(field, extra)).toEqual(expected);
  });

  it('the repository’s forms pass: each pattern they ship has a short maxLength and runs on RE2', () => {
    expect(formsSetProblems(realSet()).filter((p) => COST_CODES.includes(String(p.code)))).toEqual([]);
  });
});
