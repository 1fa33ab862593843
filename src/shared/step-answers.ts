import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv from 'ajv';
import type { FieldError } from './envelope';
import type { JsonSchema } from './forms';

import { MAX_FIELD_ERRORS } from './answer-bounds';
import { isJsonObject as isObject, type Json } from './schema-walk';

/**
 * Fills every `x-computed` value ({op: 'sum', of, field}: the sum of `field` over the array `of`
 * beside it), deepest first, so totals are never typed. Returns a new object.
 */
export function applyComputed(schema: JsonSchema, data: unknown): unknown {
  if (Array.isArray(data))
    return isObject(schema.items) ? data.map((item) => applyComputed(schema.items as JsonSchema, item)) : data;
  if (!isObject(data) || !isObject(schema.properties)) return data;
  const out: Json = { ...data };
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const [name, sub] of Object.entries(properties)) if (name in out) out[name] = applyComputed(sub, out[name]);
  for (const [name, sub] of Object.entries(properties)) {
    const computed = sub['x-computed'];
    if (!isObject(computed) || computed.op !== 'sum') continue;
    const rows = out[String(computed.of)];
    if (!Array.isArray(rows)) continue;
    const total = rows.reduce<number>((sum, row) => {
      const value = isObject(row) ? row[String(computed.field)] : undefined;
      return sum + (typeof value === 'number' && Number.isFinite(value) ? value : 0);
    }, 0);
    out[name] = Math.round(total * 100) / 100;
  }
  return out;
}

/**
 * Drops answers to conditional questions whose condition no longer holds (e.g. a ZanID left over
 * after switching to passport): the schema accepts such names without checking them, so they must
 * not be stored.
 */
export function dropInactiveAnswers(ajv: Ajv, schema: JsonSchema, data: unknown): unknown {
  if (!isObject(data) || !Array.isArray(schema.allOf)) return data;
  const declared = new Set(Object.keys(isObject(schema.properties) ? schema.properties : {}));
  const active = new Set(declared);
  const conditional = new Set<string>();
  for (const part of schema.allOf as JsonSchema[]) {
    const then = isObject(part.then) && isObject(part.then.properties) ? Object.keys(part.then.properties) : [];
    then.forEach((name) => conditional.add(name));
    if (isObject(part.if) && ajv.validate(part.if, data)) then.forEach((name) => active.add(name));
  }
  return Object.fromEntries(Object.entries(data).filter(([name]) => !conditional.has(name) || active.has(name)));
}

/** The JSON pointer of the answer an ajv error is about (for `required`, the missing property). */
export function errorPath(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const child =
    params.missingProperty ?? (error.keyword === 'additionalProperties' ? params.additionalProperty : undefined);
  return `${error.instancePath}${child === undefined ? '' : `/${child}`}`;
}

/** Validation keywords that have their own message in locales/<lng>/validation.json. */
const KEYWORDS = new Set([
  'required',
  'type',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'const',
  'enum',
  'oneOf',
  'additionalProperties',
]);

/**
 * An error of one option of a oneOf/anyOf (e.g. `const` of one choice of a select): the oneOf/anyOf
 * error on the same answer follows it and says what is wrong ("choose one of the options").
 */
const inChoiceBranch = (error: ErrorObject) => /\/(?:oneOf|anyOf)\/\d+\//.test(error.schemaPath);

/**
 * ajv's errors as field errors in the applicant's language: one per answer (the first problem),
 * without the if/then bookkeeping errors. `translate(key, params)` looks up locales' validation texts.
 */
export function fieldErrors(
  errors: ErrorObject[] | null | undefined,
  translate: (key: string, params: Record<string, unknown>) => string,
  prefix = '',
  max = MAX_FIELD_ERRORS,
): FieldError[] {
  const seen = new Map<string, FieldError>();
  // Each message is translated once: a long list of rows repeats the same few.
  const messages = new Map<string, string>();
  for (const error of errors ?? []) {
    if (seen.size >= max) break;
    if (error.keyword === 'if' || error.keyword === 'allOf' || inChoiceBranch(error)) continue;
    const path = `${prefix}${errorPath(error)}`;
    if (seen.has(path)) continue;
    const key = KEYWORDS.has(error.keyword) ? error.keyword : 'invalid';
    const limit = (error.params as { limit?: unknown }).limit;
    const id = `${key}\u0000${String(limit)}`;
    let message = messages.get(id);
    if (message === undefined) messages.set(id, (message = translate(key, { limit })));
    seen.set(path, { path, message });
  }
  return [...seen.values()];
}

export type StepValidator = ValidateFunction;
