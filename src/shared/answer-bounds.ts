import type { JsonSchema } from './forms';
import { isJsonObject, propertiesOf } from './schema-walk';

/** At most this many problems are reported for one body: the first ones are enough to act on. */
export const MAX_FIELD_ERRORS = 50;

/**
 * The most levels an answer may nest (objects and lists within one another): the forms nest three
 * (a table's rows, each with its list); the checker refuses a "$ref" that leads back to itself, so no
 * published form nests without end. Deeper answers are refused before anything walks them (by
 * recursion: the validator, the hidden-character check), so a deep body never exhausts the stack.
 */
export const MAX_ANSWER_DEPTH = 32;

export interface OversizedAnswer {
  path: string;
  keyword: 'maxItems' | 'maxProperties' | 'maxLength' | 'maxDepth';
  limit: number;
}

/** The path of a value nested deeper than `max` levels in `data`, or undefined: a walk with a list, not recursion. */
export function tooDeepAt(data: unknown, path = '', max = MAX_ANSWER_DEPTH): string | undefined {
  const pending: [unknown, string, number][] = [[data, path, 0]];
  while (pending.length > 0) {
    const [value, at, depth] = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= max) return at;
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, item] of entries)
      if (item !== null && typeof item === 'object') pending.push([item, `${at}/${key}`, depth + 1]);
  }
  return undefined;
}

/**
 * Answers larger than their schema allows (a list over `maxItems`, an object over `maxProperties`, a
 * text over `maxLength`) or nested deeper than MAX_ANSWER_DEPTH, found by one walk that never goes
 * inside what is too large and stops at `max` problems: its work is bounded by the body's size, before any validator runs. A step's
 * validator, run on a list of 20,000 empty rows, would report each of their missing answers.
 */
export function oversizedAnswers(
  schema: JsonSchema,
  data: unknown,
  path = '',
  max = MAX_FIELD_ERRORS,
): OversizedAnswer[] {
  const deep = tooDeepAt(data, path);
  if (deep !== undefined) return [{ path: deep, keyword: 'maxDepth', limit: MAX_ANSWER_DEPTH }];
  const found: OversizedAnswer[] = [];
  const walk = (node: JsonSchema, value: unknown, at: string) => {
    if (found.length >= max) return;
    if (Array.isArray(value)) {
      const limit = node.maxItems;
      if (typeof limit === 'number' && value.length > limit)
        return void found.push({ path: at, keyword: 'maxItems', limit });
      if (isJsonObject(node.items)) value.forEach((item, i) => walk(node.items as JsonSchema, item, `${at}/${i}`));
      return;
    }
    if (typeof value === 'string') {
      const limit = node.maxLength;
      if (typeof limit === 'number' && value.length > limit) found.push({ path: at, keyword: 'maxLength', limit });
      return;
    }
    if (!isJsonObject(value)) return;
    const names = Object.keys(value);
    const limit = node.maxProperties;
    if (typeof limit === 'number' && names.length > limit)
      return void found.push({ path: at, keyword: 'maxProperties', limit });
    const properties = propertiesOf(node);
    for (const name of names) {
      const sub = properties.get(name);
      if (sub) walk(sub, value[name], `${at}/${name}`);
    }
  };
  walk(schema, data, path);
  return found;
}

/** Every array of a schema must say how long it may be: the paths of those that do not. */
export function unboundedArrays(schema: unknown, path = ''): string[] {
  const found: string[] = [];
  const walk = (node: unknown, at: string) => {
    if (!isJsonObject(node)) return;
    const isArray =
      node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array')) || 'items' in node;
    if (isArray && typeof node.maxItems !== 'number') found.push(at || '/');
    for (const key of ['properties', 'definitions', '$defs', 'dependencies', 'patternProperties']) {
      const children = node[key];
      if (isJsonObject(children)) for (const [name, child] of Object.entries(children)) walk(child, `${at}/${name}`);
    }
    for (const key of ['items', 'if', 'then', 'else', 'not', 'additionalProperties', 'contains'])
      walk(node[key], key === 'items' ? `${at}/items` : at);
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((child) => walk(child, at));
    }
  };
  walk(schema, path);
  return found;
}
