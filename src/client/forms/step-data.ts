import type { ValidatorType } from '@rjsf/utils';
import type { JsonSchema } from '../../shared/forms';
import { knownAnswers } from '../../shared/forms-changed';
import { applyComputed } from '../../shared/step-answers';
/** A step's answers, by field name. */
export type StepAnswers = Record<string, unknown>;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Drops the answers to conditional questions whose condition no longer holds (a ZanID left over after
 * choosing passport): the schema's patternProperties accept such names, so RJSF would show them as
 * extra key/value fields. Conditions are checked with the step's own validator (no eval).
 */
export function dropInactive(validator: ValidatorType, schema: JsonSchema, data: StepAnswers): StepAnswers {
  if (!Array.isArray(schema.allOf)) return data;
  const declared = new Set(Object.keys(isObject(schema.properties) ? schema.properties : {}));
  const inactive = new Set<string>();
  const active = new Set<string>();
  for (const part of schema.allOf as unknown[]) {
    if (!isObject(part) || !isObject(part.then) || !isObject(part.then.properties)) continue;
    const names = Object.keys(part.then.properties);
    const holds = isObject(part.if) && validator.isValid(part.if, data, schema);
    names.forEach((name) => (holds ? active : inactive).add(name));
  }
  const drop = [...inactive].filter((name) => !active.has(name) && !declared.has(name) && name in data);
  if (drop.length === 0) return data;
  return Object.fromEntries(Object.entries(data).filter(([name]) => !drop.includes(name)));
}

/**
 * A step's answers as they are kept and sent: answers the schema does not ask (any more: the forms
 * changed) dropped, totals computed, stale conditional answers dropped.
 */
export function prepareAnswers(validator: ValidatorType, schema: JsonSchema, data: unknown): StepAnswers {
  const computed = applyComputed(schema, knownAnswers(schema, isObject(data) ? data : {}));
  return dropInactive(validator, schema, isObject(computed) ? computed : {});
}
