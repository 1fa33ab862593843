import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withDocuments } from '../../src/shared/document-fields';
import { conditionHolds, documentLists, documentsFor, type DocumentLists } from '../../src/shared/document-rules';
import type { AnswerCondition, DocumentApplies, DocumentRule, FormsSet } from '../../src/shared/forms';

const rule = (id: string, applies: DocumentApplies = {}, extra: Partial<DocumentRule> = {}): DocumentRule => ({
  id,
  name: { en: `${id} (en)`, sw: `${id} (sw)` },
  help: { en: `help ${id}`, sw: `msaada ${id}` },
  accept: ['application/pdf'],
  max_bytes: 1000,
  required: true,
  drawing_scale: false,
  applies,
  ...extra,
});

const ids = (rules: DocumentRule[]) => rules.map((r) => r.id);
const building = (storey_count: unknown, has_storeys: unknown = true) => ({
  construction: { has_storeys, storey_count },
});

describe('documentsFor', () => {
  const rules = [
    rule('id_copy'),
    rule('plans', { types: ['new', 'government'] }),
    rule('repair_photos', { types: ['repair'] }),
    rule(
      'calculations',
      {
        types: ['new', 'government'],
        when: [
          { answer: 'construction.has_storeys', equals: true },
          { answer: 'construction.storey_count', above: 3 },
        ],
      },
      { required: true },
    ),
    rule(
      'environment',
      { types: ['new', 'government'], when: [{ answer: 'construction.storey_count', above: 3 }] },
      { required: false },
    ),
  ];

  it('keeps the rules that apply to the type, in the rules order, each with its required flag', () => {
    expect(ids(documentsFor('repair', building(9), rules))).toEqual(['id_copy', 'repair_photos']);
    expect(ids(documentsFor('special', building(9), rules))).toEqual(['id_copy']);
    expect(ids(documentsFor('new', building(3), rules))).toEqual(['id_copy', 'plans']);
    const tall = documentsFor('government', building(4), rules);
    expect(ids(tall)).toEqual(['id_copy', 'plans', 'calculations', 'environment']);
    expect(tall.map((r) => r.required)).toEqual([true, true, true, false]);
  });

  it('needs every condition of "when" to hold', () => {
    expect(ids(documentsFor('new', building(5, false), rules))).toEqual(['id_copy', 'plans', 'environment']);
  });

  it('counts a missing answer as meeting no condition (but notEquals)', () => {
    expect(ids(documentsFor('new', {}, rules))).toEqual(['id_copy', 'plans']);
    expect(ids(documentsFor('new', { construction: {} }, rules))).toEqual(['id_copy', 'plans']);
    expect(conditionHolds({ answer: 'construction.storey_count', notEquals: 3 }, {})).toBe(true);
    expect(conditionHolds({ answer: 'construction.nothing.deeper', equals: undefined }, {})).toBe(false);
  });
});

describe('conditionHolds, each operator', () => {
  const answers = { construction: { storey_count: 4, use: 'hotel', has_storeys: true, owner: { kind: 'company' } } };
  const holds = (condition: Omit<AnswerCondition, 'answer'>, answer = 'construction.storey_count') =>
    conditionHolds({ answer, ...condition }, answers);

  it('equals and notEquals compare the value (objects by content)', () => {
    expect(holds({ equals: 4 })).toBe(true);
    expect(holds({ equals: '4' })).toBe(false);
    expect(holds({ equals: true }, 'construction.has_storeys')).toBe(true);
    expect(holds({ equals: { kind: 'company' } }, 'construction.owner')).toBe(true);
    expect(holds({ notEquals: 4 })).toBe(false);
    expect(holds({ notEquals: 5 })).toBe(true);
  });

  it('above, atLeast, below and atMost compare numbers only', () => {
    expect([holds({ above: 3 }), holds({ above: 4 })]).toEqual([true, false]);
    expect([holds({ atLeast: 4 }), holds({ atLeast: 5 })]).toEqual([true, false]);
    expect([holds({ below: 5 }), holds({ below: 4 })]).toEqual([true, false]);
    expect([holds({ atMost: 4 }), holds({ atMost: 3 })]).toEqual([true, false]);
    expect(holds({ above: 1 }, 'construction.use')).toBe(false);
  });

  it('oneOf takes any of the values listed', () => {
    expect(holds({ oneOf: ['shop', 'hotel'] }, 'construction.use')).toBe(true);
    expect(holds({ oneOf: ['shop'] }, 'construction.use')).toBe(false);
  });

  it('a missing answer meets above, atLeast, below, atMost, equals and oneOf never', () => {
    for (const op of [{ above: -1 }, { atLeast: 0 }, { below: 99 }, { atMost: 99 }, { equals: null }, { oneOf: [0] }])
      expect(holds(op, 'construction.missing'), JSON.stringify(op)).toBe(false);
  });
});

describe('the documents of schemas/documents.json', () => {
  const rules = JSON.parse(readFileSync('schemas/documents.json', 'utf8')) as DocumentRule[];
  it("derive the spec's three lists: normal for every application, then by storey count", () => {
    const lists = documentLists(rules);
    const codes = (list: keyof DocumentLists) => lists[list].map((d) => d.code);
    expect(codes('normal_attachments')).toContain('sheha_letter');
    expect(codes('not_more_than_three_attachments')).toContain('floor_plans');
    expect(codes('not_more_than_three_attachments')).not.toContain('structural_calculations');
    expect(codes('more_than_three_attachments')).toEqual(expect.arrayContaining(['floor_plans', 'eia_certificate']));
    for (const list of ['not_more_than_three_attachments', 'more_than_three_attachments'] as const)
      expect(codes(list).filter((c) => codes('normal_attachments').includes(c))).toEqual([]);
    const sheha = lists.normal_attachments.find((d) => d.code === 'sheha_letter')!;
    expect(sheha).toEqual({
      id: rules.findIndex((r) => r.id === 'sheha_letter') + 1,
      code: 'sheha_letter',
      name: rules.find((r) => r.id === 'sheha_letter')!.name,
      description: rules.find((r) => r.id === 'sheha_letter')!.help,
      max_bytes: 5242880,
      accept: ['application/pdf', 'image/jpeg', 'image/png'],
      required: true,
    });
  });
});

describe('withDocuments', () => {
  const set = (): Pick<FormsSet, 'steps' | 'texts' | 'documents'> => ({
    steps: {
      uploads: {
        schema: {
          type: 'object',
          properties: {
            documents: {
              type: 'object',
              additionalProperties: false,
              'x-documents': { for: 'all', each: { type: 'string', maxLength: 64 } },
            },
            scales: {
              type: 'object',
              additionalProperties: false,
              'x-documents': { for: 'drawings', each: { type: 'string', pattern: '^1:[0-9]+$' } },
            },
            notes: { type: 'string' },
          },
        },
        uiSchema: {},
      },
      other: { schema: { type: 'object', properties: { a: { type: 'string' } } }, uiSchema: {} },
    },
    texts: { en: { uploads: { title: 'Documents' } }, sw: { uploads: { title: 'Nyaraka' } } },
    documents: [rule('letter'), rule('plan', {}, { drawing_scale: true })],
  });

  it('gives the marked properties one property per document (drawings only for scales), and the texts their names', () => {
    const source = set();
    const served = withDocuments(source);
    const properties = served.steps.uploads!.schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.documents!.properties).toEqual({
      letter: { type: 'string', maxLength: 64, title: 'documents.letter.name' },
      plan: { type: 'string', maxLength: 64, title: 'documents.plan.name' },
    });
    expect(properties.scales!.properties).toEqual({
      plan: { type: 'string', pattern: '^1:[0-9]+$', title: 'documents.plan.name' },
    });
    expect(properties.notes).toEqual({ type: 'string' });
    expect(served.steps.other).toBe(source.steps.other);
    expect(served.texts.sw).toEqual({
      uploads: { title: 'Nyaraka' },
      documents: {
        letter: { name: 'letter (sw)', help: 'msaada letter' },
        plan: { name: 'plan (sw)', help: 'msaada plan' },
      },
    });
    // The source is untouched, and serving twice gives the same.
    expect(source).toEqual(set());
    expect(withDocuments(served)).toEqual(served);
  });
});
