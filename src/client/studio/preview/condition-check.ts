import type { ValidatorType } from '@rjsf/utils';
import { isJsonObject, type Json } from '../../../shared/schema-walk';

/**
 * Whether `data` meets `schema`, interpreted (no code generated: the studio's CSP has no 'unsafe-eval',
 * so ajv cannot compile a draft's schema in the browser). It covers the keywords a step's conditions
 * use (const, enum, type, required, properties, limits, pattern, allOf/anyOf/oneOf/not/if): RJSF asks
 * the validator which "show only when" branch holds, and the preview must show the right questions.
 * A keyword it does not know passes.
 */
export function meets(schema: unknown, data: unknown): boolean {
  if (schema === true || schema === undefined) return true;
  if (schema === false) return false;
  if (!isJsonObject(schema)) return true;
  return KEYWORDS.every(([key, check]) => !(key in schema) || check(schema, data));
}

const typeOf = (value: unknown): string[] => {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['number', 'integer'] : ['number'];
  return [typeof value];
};

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const num = (s: Json, key: string) => (typeof s[key] === 'number' ? s[key] : undefined);
const list = (s: Json, key: string) => (Array.isArray(s[key]) ? (s[key] as unknown[]) : []);

function matchesPattern(pattern: unknown, value: string): boolean {
  if (typeof pattern !== 'string') return true;
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}

type Check = (schema: Json, data: unknown) => boolean;
const KEYWORDS: [string, Check][] = [
  ['type', (s, d) => [s.type].flat().some((t) => typeOf(d).includes(String(t)))],
  ['const', (s, d) => equal(s.const, d)],
  ['enum', (s, d) => list(s, 'enum').some((v) => equal(v, d))],
  ['required', (s, d) => !isJsonObject(d) || list(s, 'required').every((name) => String(name) in d)],
  [
    'properties',
    (s, d) =>
      !isJsonObject(d) ||
      !isJsonObject(s.properties) ||
      Object.entries(s.properties).every(([name, sub]) => !(name in d) || meets(sub, d[name])),
  ],
  ['minimum', (s, d) => typeof d !== 'number' || d >= num(s, 'minimum')!],
  ['maximum', (s, d) => typeof d !== 'number' || d <= num(s, 'maximum')!],
  ['exclusiveMinimum', (s, d) => typeof d !== 'number' || d > num(s, 'exclusiveMinimum')!],
  ['exclusiveMaximum', (s, d) => typeof d !== 'number' || d < num(s, 'exclusiveMaximum')!],
  ['minLength', (s, d) => typeof d !== 'string' || [...d].length >= num(s, 'minLength')!],
  ['maxLength', (s, d) => typeof d !== 'string' || [...d].length <= num(s, 'maxLength')!],
  ['pattern', (s, d) => typeof d !== 'string' || matchesPattern(s.pattern, d)],
  ['allOf', (s, d) => list(s, 'allOf').every((sub) => meets(sub, d))],
  ['anyOf', (s, d) => list(s, 'anyOf').some((sub) => meets(sub, d))],
  ['oneOf', (s, d) => list(s, 'oneOf').filter((sub) => meets(sub, d)).length === 1],
  ['not', (s, d) => !meets(s.not, d)],
  ['if', (s, d) => (meets(s.if, d) ? meets(s.then, d) : meets(s.else, d))],
];

/**
 * The preview's validator: RJSF's questions about conditions answered by `meets`, and no errors ever
 * reported. The draft's checks are the server's (the checker's problems, shown next to each question
 * in the editor); the preview shows how the step looks, not whether sample answers pass.
 */
export const previewValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData) => meets(schema, formData),
  rawValidation: () => ({ errors: [] }),
};
