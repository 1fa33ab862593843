import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAjv, type JsonSchema } from '../../src/shared/forms';
import type { DocumentApplies, DocumentRule } from '../../src/shared/forms';
import { missingDocuments, requiredDocuments } from '../../src/shared/required-documents';
import { applyComputed, dropInactiveAnswers, fieldErrors } from '../../src/shared/step-answers';

const stepSchema = (step: string) =>
  JSON.parse(readFileSync(`schemas/steps/${step}.schema.json`, 'utf8')) as JsonSchema;
const englishMessages = JSON.parse(readFileSync('locales/en/validation.json', 'utf8')) as Record<string, string>;

/** The English validation text of `key`, `{{limit}}` filled in, as the server's i18next does. */
const english = (key: string, params: Record<string, unknown>) =>
  (englishMessages[key] ?? key).replace('{{limit}}', String(params.limit));

const ajv = createAjv();

/** ajv's errors for `data` against a step's schema, as field errors in English. */
function errorsOf(schema: JsonSchema, data: unknown, prefix?: string) {
  const validate = ajv.compile(schema);
  expect(validate(data)).toBe(false);
  return fieldErrors(validate.errors, english, prefix);
}

const document = (id: string, applies: DocumentApplies = {}, required = true): DocumentRule => ({
  id,
  name: { en: id, sw: id },
  help: { en: id, sw: id },
  max_bytes: 1000,
  accept: ['application/pdf'],
  required,
  drawing_scale: false,
  applies,
});

describe('applyComputed', () => {
  const schema = stepSchema('construction_details');

  it('sums rooms into each floor and floors into the totals, overwriting typed values', () => {
    const data = {
      floors: [
        {
          floor: 0,
          rooms: [
            { room: 1, area_m2: 24, percent_covered: 8 },
            { room: 2, area_m2: 12.5, percent_covered: 4 },
          ],
          area_m2: 999,
        },
        { floor: 1, rooms: [{ room: 3, area_m2: 20, percent_covered: 6.5 }] },
      ],
      total_area_m2: 1,
      total_percent_covered: 1,
    };
    expect(applyComputed(schema, data)).toEqual({
      floors: [
        { ...data.floors[0], area_m2: 36.5, percent_covered: 12 },
        { ...data.floors[1], area_m2: 20, percent_covered: 6.5 },
      ],
      total_area_m2: 56.5,
      total_percent_covered: 18.5,
    });
  });

  it('rounds sums to two decimals', () => {
    const out = applyComputed(schema, {
      floors: [
        {
          floor: 0,
          rooms: [
            { room: 1, area_m2: 0.1, percent_covered: 33.333 },
            { room: 2, area_m2: 0.2, percent_covered: 33.333 },
            { room: 3, area_m2: 0, percent_covered: 33.333 },
          ],
        },
      ],
    }) as { floors: { area_m2: number; percent_covered: number }[]; total_area_m2: number };
    expect(out.floors[0]).toMatchObject({ area_m2: 0.3, percent_covered: 100 });
    expect(out.total_area_m2).toBe(0.3);
  });

  it('counts only finite numbers, ignoring text, null, missing values and Infinity', () => {
    const out = applyComputed(schema, {
      floors: [
        {
          floor: 0,
          rooms: [
            { room: 1, area_m2: '24', percent_covered: null },
            { room: 2, area_m2: 10, percent_covered: Infinity },
            { room: 3 },
            'not a room',
          ],
        },
      ],
    }) as { floors: { area_m2: number; percent_covered: number }[] };
    expect(out.floors[0]).toMatchObject({ area_m2: 10, percent_covered: 0 });
  });

  it('gives zero for an empty list and leaves the input untouched', () => {
    const data = { floors: [], total_area_m2: 50 };
    expect(applyComputed(schema, data)).toEqual({ floors: [], total_area_m2: 0, total_percent_covered: 0 });
    expect(data).toEqual({ floors: [], total_area_m2: 50 });
  });

  it('passes through what is not an object of the schema', () => {
    expect(applyComputed(schema, 'text')).toBe('text');
    expect(applyComputed(schema, null)).toBeNull();
    expect(applyComputed(stepSchema('personal'), { first_name: 'Amina' })).toEqual({ first_name: 'Amina' });
  });
});

describe('dropInactiveAnswers', () => {
  const personal = stepSchema('personal');
  const building = stepSchema('building');

  it('drops the answer of a condition that no longer holds and keeps the active one', () => {
    const data = { identification_type: 'passport', passport_number: 'AB1234567', zan_id: '190012345' };
    expect(dropInactiveAnswers(ajv, personal, data)).toEqual({
      identification_type: 'passport',
      passport_number: 'AB1234567',
    });
    expect(
      dropInactiveAnswers(ajv, personal, { identification_type: 'zanid', zan_id: '190012345', passport_number: 'X' }),
    ).toEqual({ identification_type: 'zanid', zan_id: '190012345' });
  });

  it('judges each condition on its own', () => {
    const data = {
      clean_water_source: 'well',
      well_owner: 'Khamis',
      well_dug: true,
      power_needed: false,
      power_available: true,
      distance_to_power_m: 35,
    };
    expect(dropInactiveAnswers(ajv, building, data)).toEqual({
      clean_water_source: 'well',
      well_owner: 'Khamis',
      well_dug: true,
      power_needed: false,
    });
  });

  it('leaves answers that are not conditional, even unknown ones (the validator refuses those)', () => {
    const data = { identification_type: 'zanid', zan_id: '190012345', first_name: 'Amina', nickname: 'Ami' };
    expect(dropInactiveAnswers(ajv, personal, data)).toEqual(data);
  });

  it('drops every conditional answer when no condition can be judged, without changing the input', () => {
    const data = { first_name: 'Amina', zan_id: '190012345', passport_number: 'AB1234567' };
    expect(dropInactiveAnswers(ajv, personal, data)).toEqual({ first_name: 'Amina' });
    expect(data.zan_id).toBe('190012345');
  });

  it('passes through a schema without conditions and what is not an object', () => {
    const data = { anything: 1 };
    expect(dropInactiveAnswers(ajv, stepSchema('uploads'), data)).toBe(data);
    expect(dropInactiveAnswers(ajv, personal, ['a'])).toEqual(['a']);
  });
});

describe('fieldErrors', () => {
  const personal = stepSchema('personal');
  const valid = {
    identification_type: 'zanid',
    zan_id: '190012345',
    first_name: 'Amina',
    last_name: 'Makame',
    phone: '0777123456',
    address: 'P.O. Box 1234',
    street: 'Mwanakwerekwe',
  };

  it('names the missing property of a required error, also one required by a condition, and skips if errors', () => {
    const data = Object.fromEntries(
      Object.entries(valid).filter(([name]) => name !== 'zan_id' && name !== 'first_name'),
    );
    const errors = errorsOf(personal, data, '/personal');
    expect(errors.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: '/personal/first_name', message: englishMessages.required },
      { path: '/personal/zan_id', message: englishMessages.required },
    ]);
  });

  it('gives one error per answer, the first problem, with its limit filled in', () => {
    const errors = errorsOf(personal, { ...valid, phone: '12' });
    expect(errors).toEqual([{ path: '/phone', message: 'Enter at least 10 characters.' }]);
  });

  it('points an extra answer at its own path', () => {
    expect(errorsOf(personal, { ...valid, nickname: 'Ami' })).toEqual([
      { path: '/nickname', message: englishMessages.additionalProperties },
    ]);
  });

  it('says "choose one of the options" for a choice not offered, and "must be accepted" for a const', () => {
    expect(errorsOf(personal, { ...valid, identification_type: 'licence' })).toEqual([
      { path: '/identification_type', message: englishMessages.oneOf },
    ]);
    const repair = {
      street_village: 'Mkunazini',
      repair_type: 'roof',
      repair_description: 'Roof',
      affects_neighbours: false,
      disclaimer_agreed: false,
    };
    expect(errorsOf(stepSchema('repair'), repair)).toEqual([
      { path: '/disclaimer_agreed', message: englishMessages.const },
    ]);
  });

  it('reports nested answers by their full path and keywords without a text of their own as invalid', () => {
    const schema = {
      type: 'object',
      properties: { rows: { type: 'array', items: { type: 'object', properties: { n: { multipleOf: 5 } } } } },
    };
    expect(errorsOf(schema, { rows: [{ n: 5 }, { n: 7 }] }, '/x')).toEqual([
      { path: '/x/rows/1/n', message: englishMessages.invalid },
    ]);
  });

  it('answers no errors for none', () => {
    expect(fieldErrors(null, english)).toEqual([]);
    expect(fieldErrors(undefined, english)).toEqual([]);
  });
});

describe('required documents', () => {
  const building = ['new', 'government'] as DocumentApplies['types'];
  const tall = [
    { answer: 'construction.has_storeys', equals: true },
    { answer: 'construction.storey_count', above: 3 },
  ];
  const lists = [
    document('applicant_id'),
    document('sheha_letter'),
    document('floor_plans', { types: building }),
    document('structural_calculations', { types: building, when: tall }),
    document('eia_note', { types: building, when: tall }, false),
  ];
  const codes = (documents: DocumentRule[]) => documents.map((d) => d.id);
  const withStoreys = (storey_count: unknown, has_storeys = true) => ({ construction: { has_storeys, storey_count } });

  it('asks a repair or special application only for the normal documents, whatever its storeys', () => {
    for (const type of ['repair', 'special'] as const) {
      expect(codes(requiredDocuments(type, withStoreys(10), lists))).toEqual(['applicant_id', 'sheha_letter']);
    }
  });

  it.each(['new', 'government'] as const)('asks a %s building of more than three storeys for the long list', (type) => {
    expect(codes(requiredDocuments(type, withStoreys(3), lists))).toEqual([
      'applicant_id',
      'sheha_letter',
      'floor_plans',
    ]);
    expect(codes(requiredDocuments(type, withStoreys(4), lists))).toEqual([
      'applicant_id',
      'sheha_letter',
      'floor_plans',
      'structural_calculations',
    ]);
  });

  it('counts no storeys when the building has none or the count is not a number', () => {
    const short = ['applicant_id', 'sheha_letter', 'floor_plans'];
    expect(codes(requiredDocuments('new', withStoreys(10, false), lists))).toEqual(short);
    expect(codes(requiredDocuments('new', withStoreys('10'), lists))).toEqual(short);
    expect(codes(requiredDocuments('new', {}, lists))).toEqual(short);
  });

  it('finds the documents the uploads step names no attachment for', () => {
    const required = requiredDocuments('new', withStoreys(5), lists);
    const uploads = (documents: Record<string, unknown>) => ({ documents });
    expect(missingDocuments(required, {})).toEqual(codes(required));
    expect(missingDocuments(required, { documents: 'none' })).toEqual(codes(required));
    expect(
      missingDocuments(
        required,
        uploads({ applicant_id: 'att-00000001', sheha_letter: '', floor_plans: 7, other: 'att-00000002' }),
      ),
    ).toEqual(['sheha_letter', 'floor_plans', 'structural_calculations']);
    expect(
      missingDocuments(
        required,
        uploads(Object.fromEntries(codes(required).map((code, i) => [code, `att-0000000${i}`]))),
      ),
    ).toEqual([]);
  });
});
