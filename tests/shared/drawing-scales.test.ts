import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scaleFits, scaleSchemaOf, uploadsOf } from '../../src/shared/drawing-scales';
import { documentSteps } from '../../src/shared/document-fields';
import { createAjv, type JsonSchema } from '../../src/shared/forms';

// As served: one scale per drawing of documents.json (x-documents).
const uploads = documentSteps(
  {
    uploads: {
      schema: JSON.parse(readFileSync('schemas/steps/uploads.schema.json', 'utf8')) as JsonSchema,
      uiSchema: {},
    },
  },
  JSON.parse(readFileSync('schemas/documents.json', 'utf8')),
).uploads!.schema as unknown;
const ajv = createAjv();

describe('scaleSchemaOf', () => {
  it.each([
    ['floor_plans', true],
    ['site_plan', true],
    ['fire_safety_plan', true],
    ['sheha_letter', false],
    ['passport_photo', false],
    ['toString', false],
  ])('%s is a drawing: %s', (code, drawing) => {
    expect(scaleSchemaOf(uploads, code) !== undefined).toBe(drawing);
  });

  it('knows no drawing without a schema', () => {
    expect(scaleSchemaOf(undefined, 'floor_plans')).toBeUndefined();
    expect(scaleSchemaOf({ properties: {} }, 'floor_plans')).toBeUndefined();
  });
});

describe('scaleFits, as the server checks it with ajv', () => {
  const schema = scaleSchemaOf(uploads, 'floor_plans')!;
  it.each([
    ['', true],
    ['1:1', true],
    ['1:100', true],
    ['1:2500', true],
    ['1:99999', true],
    ['1:0', false],
    ['1:050', false],
    ['1:100000', false],
    ['100', false],
    ['2:100', false],
    [' 1:100', false],
    ['1:100\n', false],
    ['1:١٠٠', false],
  ])('%j fits: %s', (value, fits) => {
    expect(scaleFits(schema, value)).toBe(fits);
    if (value !== '') expect(ajv.validate(schema, value)).toBe(fits);
  });
});

describe('uploadsOf', () => {
  it('reads the documents and scales named by text, ignoring anything else', () => {
    expect(
      uploadsOf({ documents: { floor_plans: 'att-1', site_plan: 7 }, scales: { floor_plans: '1:100', x: null } }),
    ).toEqual({ documents: { floor_plans: 'att-1' }, scales: { floor_plans: '1:100' } });
    expect(uploadsOf({})).toEqual({ documents: {}, scales: {} });
    expect(uploadsOf('none')).toEqual({ documents: {}, scales: {} });
  });
});
