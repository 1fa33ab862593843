import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enChecks from '../../locales/en/checks.json';
import swChecks from '../../locales/sw/checks.json';
import { addCheckFormats } from '../../src/client/studio/check-formats';
import type { FormsSet } from '../../src/shared/forms';
import { parseJsonFile } from '../../src/shared/forms-check/json-text';
import { listParam, quotedList, type FormsProblem } from '../../src/shared/forms-check/problems';
import { formsSetProblems } from '../../src/shared/forms-check/set-check';
import { realSet } from './studio-set';

// The studio says each problem of the forms checker by its code (locales/<language>/checks.json). Its
// English text, filled in with the problem's params, is the checker's own message, word for word: so
// the texts and the params are right for every problem these broken forms sets provoke.

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  resources: { en: { checks: enChecks }, sw: { checks: swChecks } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
addCheckFormats(i18n);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The repository's forms, changed as a policy officer might. */
function edited(edit: (set: Json) => void): FormsProblem[] {
  const set: FormsSet = structuredClone(realSet());
  edit(set);
  return formsSetProblems(set);
}

const step = (schema: Json, uiSchema: Json = {}) => ({ schema: { type: 'object', ...schema }, uiSchema });

/** Each a set with several mistakes; together they provoke every problem the checker has. */
const brokenSets: FormsProblem[][] = [
  // Words a schema does not have, and "x-documents" written wrong.
  edited((set) => {
    set.steps.words = step({
      requried: [],
      properties: { a: { type: 'string', patern: 'x' }, b: 5, docs: { type: 'object', 'x-documents': 'all' } },
    });
    set.steps.documents_word = step({
      properties: { d: { type: 'string', 'x-documents': { for: 'drawing', each: 5, extra: 1 } } },
    });
  }),
  // Values a schema may not have.
  edited((set) => {
    set.steps.type_value = step({ properties: { a: { type: 'strng' } } });
    set.steps.list_value = step({ properties: { a: { type: ['strng'] } } });
    set.steps.number_value = step({ properties: { a: { type: 'string', minLength: 'x' } } });
    set.steps.format_value = step({ properties: { a: { type: 'string', format: 'emial', pattern: '(' } } });
    set.steps.reference = step({ properties: { a: { $ref: '#/nowhere' } } });
  }),
  // What a form costs to check: a slow or unbounded pattern, uniqueItems over rows, a long enum in rows,
  // an enum of objects, a $ref cycle or by $id.
  edited((set) => {
    set.steps.costly = step({
      properties: {
        words: { type: 'string', pattern: '^([a-zA-Z0-9]+\\s?)+$' },
        twice: { type: 'string', pattern: '^(a+)\\1$', maxLength: 20 },
        rows: { type: 'array', maxItems: 10_000, uniqueItems: true, items: { type: 'object' } },
        kinds: {
          type: 'array',
          maxItems: 1000,
          items: { type: 'string', enum: ['a', 'b', 'c'].concat(Array.from({ length: 200 }, (_, i) => `k${i}`)) },
        },
        shapes: { enum: [{ side: 1 }, { side: 2 }] },
        tree: { $ref: '#/definitions/tree' },
        short: { $ref: 'short' },
      },
      definitions: {
        tree: { type: 'object', properties: { child: { $ref: '#/definitions/tree' } } },
        short: { $id: 'short', type: 'string', maxLength: 5 },
      },
    });
  }),
  // Names that are not fields, computed values, a yes/no with a default, a reference list, UI settings.
  edited((set) => {
    const rows = { type: 'object', properties: { size: { type: 'number' }, label: { type: 'string' } } };
    set.steps.levels = step(
      {
        required: ['nmae', 'total', 'agree'],
        properties: {
          name: { type: 'string' },
          rows: { type: 'array', items: rows },
          tags: { type: 'array', maxItems: 3, items: { type: 'string' } },
          total: { type: 'string', 'x-computed': { op: 'sum', of: 'rows', field: 'label', extra: 1 } },
          total2: { type: 'number', readOnly: true, 'x-computed': 'sum' },
          total3: { type: 'number', readOnly: true, 'x-computed': { op: 'sum', of: 'rws', field: 'size' } },
          total4: { type: 'number', readOnly: true, 'x-computed': { op: 'sum', of: 'rows', field: 'sise' } },
          agree: { type: 'boolean', default: false },
          material: { type: 'string', 'x-reference': 'materals' },
        },
        if: { properties: { nme: { const: 'x' } }, required: ['nam'] },
        then: {},
        dependencies: { nam: ['nme'] },
      },
      {
        'ui:order': ['name', 'nmae', '*'],
        'ui:fieldd': true,
        name: { 'ui:widget': 'textare', 'ui:options': { rowNames: {} } },
        agree: { 'ui:widget': 'updown' },
        total: { 'ui:widget': 5 },
        total2: 5,
        shoe: {},
        material: { 'ui:field': 'YesNoo' },
        tags: { 'ui:options': { rowNames: 'x' } },
        rows: {
          'ui:options': { rowNames: { add: 'x.add', ad: 'y', row: '' } },
          items: { 'ui:order': 'size', size: { 'ui:widget': 'checkbox' } },
        },
      },
    );
  }),
  // Texts: missing, not a text, in one language only, with other placeholders; row words the page cannot fill in.
  edited((set) => {
    delete set.texts.sw.repair.title;
    set.texts.en.repair.extra = 5;
    set.texts.en.leftover = { a: 'Left over' };
    set.texts.en.personal.title = 'About {{name}}';
    set.texts.en.building_details.foundation.rows.add = 'Add a material to {{floor}}';
    set.texts.en.building_details.foundation.rows.row = 'material {{colour}} {{n}}';
    set.steps.building_details.uiSchema.wall['ui:options'].rowNames.zero = 'building_details.wall.rows.zero';
    set.texts.en.building_details.wall.rows.zero = 'the first wall';
    set.texts.sw.building_details.wall.rows.zero = 'ukuta wa kwanza';
  }),
  // Flows: an empty type, a misspelt step, a step twice, an unknown type; step modules.
  edited((set) => {
    delete set.flows.special;
    set.flows.repair = ['personal', 'repiar', 'repair', 'repair', 'uploads'];
    set.flows.renwal = ['personal'];
    set.steps.personal.schema['x-step-module'] = 'aplicant';
    set.steps.engineer2 = structuredClone(set.steps.engineer);
    delete set.steps.engineer2.schema.properties.validation_token;
    set.steps.engineer2.schema.required = ['engineer_id'];
    set.flows.new = [...set.flows.new, 'engineer2'];
    set.flows.government = ['personal', 'engineer', 'construction_details', 'construction', 'uploads'];
  }),
  edited((set) => void (set.flows = [] as never)),
  edited((set) => void (set.documents = {} as never)),
  // The fee schedule (fees.json): parts, amounts, answers, uses, storey bands, names and reasons.
  edited((set) => {
    set.fees = {
      currency: 'USD',
      extra: 1,
      names: { base: { en: 'Application fee' } },
      types: {
        neww: {},
        new: {
          base: -1,
          minimum: 1.5,
          round_to: 0,
          colour: 1,
          use: 'construction.current_land_use',
          area: { answer: 'construction.shehia', rates: { residental: 10, residential: 'x' }, extra: 1 },
          storeys: {
            answer: 'repair.repair_type',
            bands: [{ from: 1, per_storey: 0, x: 1 }, { from: 5, to: 3, per_storey: 1 }, 'x'],
            y: 1,
          },
          exemption: { reason: { en: 'Government buildings pay no fee.' } },
        },
        government: 5,
        repair: { base: 1, minimum: 1, round_to: 1, area: 5 },
        special: { base: 1, minimum: 1, round_to: 1, area: { answer: 'special_plot.area_m2', rate: 1, rates: {} } },
      },
    } as never;
  }),
  edited((set) => {
    const fees = set.fees as Json;
    fees.types = {
      new: { base: 1, minimum: 1, round_to: 1, area: { answer: 5, rates: 5 } },
      government: {
        base: 1,
        minimum: 1,
        round_to: 1,
        area: { answer: 'construction_details.total_area_m2', rates: {} },
      },
      special: {
        base: 1,
        minimum: 1,
        round_to: 1,
        use: 'special_plot.street_village',
        area: { answer: 'special_plot.area_m2', rates: {} },
        storeys: 5,
      },
    };
  }),
  edited((set) => void ((set.fees as Json).types = 5)),
  edited((set) => void (set.fees = 'fees' as never)),
  // Documents and their conditions.
  edited((set) => {
    const first = set.documents[0]!;
    const when = (...conditions: unknown[]) => ({
      ...first,
      id: `doc_${set.documents.length}`,
      applies: { when: conditions },
    });
    set.documents.push(
      5,
      { ...first, id: 'Bad Id', name: { en: 'Only English' } },
      { ...first },
      { requred: true },
      { ...first, id: 'applies_parts', applies: { type: [], types: 'new' } },
      { ...first, id: 'unknown_type', applies: { types: ['nw'], when: {} } },
    );
    set.documents.push(
      when(5),
      when({ answer: 'construction.has_storeys', equal: true }),
      when({ answer: 'construction.has_storeys', equals: true, notEquals: false }),
      when({ answer: 'construction.land_area_m2', above: '5' }),
      when({ answer: 'construction.has_storeys', oneOf: true }),
      when({ answer: 'construction.has_storeys', equals: 'yes' }),
      when({ answer: 'constrution.has_storeys', equals: true }),
      when({ answer: 'construction', equals: true }),
      when({ answer: 'construction.has_storys', equals: true }),
    );
  }),
  // JSON text a policy officer broke.
  ...[
    '',
    'abc',
    '01',
    '{"a": 1,}',
    '{"a": }',
    '{"a" 1}',
    '{"a": 1 "b": 2}',
    '{"a": 1',
    '[1',
    '{} x',
    '// why\n{}',
    '/* why',
    '"abc',
    '[1.]',
    '"\\u12"',
    '"\\q"',
    '"a\tb"',
    '{"a": 1, "a": 2}',
  ].map((text) => parseJsonFile('flows.json', text).problems),
];
const problems = brokenSets.flat();

/**
 * Codes no text above provokes: a mistake jsonc-parser has no words for, a number its scanner takes but
 * JSON.parse does not, and an unclosed comment (told first as a comment, since comments are refused).
 */
const UNPROVOKED = ['json_mistake_unknown', 'json_invalid_number_format', 'json_unexpected_end_of_comment'];

describe("the checker's texts, filled in with a problem's params", () => {
  it('say each problem as its English message, word for word', () => {
    const wrong = problems
      .map((p) => ({ code: p.code, message: p.message, text: i18n.t(`checks:${String(p.code)}`, { ...p.params }) }))
      .filter((p) => p.text !== p.message);
    expect(wrong).toEqual([]);
  });

  it('are given for every problem, and these sets provoke every code the texts have', () => {
    expect(problems.filter((p) => !p.code).map((p) => p.message)).toEqual([]);
    const provoked = new Set(problems.map((p) => p.code));
    const codes = Object.keys(enChecks).filter(
      (key) =>
        !['did_you_mean', 'list_and', 'list_more', 'list_none', 'document_named', 'document_numbered'].includes(key),
    );
    expect(codes.filter((code) => !provoked.has(code) && !UNPROVOKED.includes(code))).toEqual([]);
  });

  it('say "Did you mean …", the lists and the documents in Swahili too, every param filled in', () => {
    for (const p of problems) {
      const text = i18n.t(`checks:${String(p.code)}`, { ...p.params, lng: 'sw' });
      expect(text, p.message).not.toBe(p.message);
      expect(text, p.message).not.toMatch(/Did you mean| and "|\(none\)|the document "/);
      for (const [name, value] of Object.entries(p.params ?? {}))
        if (typeof value === 'string' && /^[a-z_]{3,}$/.test(value) && p.message.includes(`"${value}"`))
          expect(text, `${name} in ${p.message}`).toContain(value);
    }
    const misspelt = problems.find((p) => p.code === 'schema_word_unknown' && p.params?.word === 'requried')!;
    expect(i18n.t('checks:schema_word_unknown', { ...misspelt.params, lng: 'sw' })).toBe(
      '"requried" si neno ambalo schema inaweza kutumia, kwa hiyo lingepuuzwa kimyakimya. Je, ulimaanisha "required"?',
    );
  });

  it('shorten a long list as the message does, in both languages', () => {
    const names = Array.from({ length: 15 }, (_, i) => `list_${i + 1}`);
    const params = { list: 'x', suggestion: '', lists: listParam(names) };
    expect(i18n.t('checks:reference_unknown', params)).toBe(
      `"x" is not a reference list. The lists are ${quotedList(names)}.`,
    );
    expect(i18n.t('checks:reference_unknown', { ...params, lng: 'sw' })).toContain(
      '"list_11", "list_12" na … (na 3 zaidi).',
    );
  });
});
