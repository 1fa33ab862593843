import { isJsonObject, type Json } from '../schema-walk';
import { linearPatternProblem } from '../linear-regexp';
import type { ProblemList, ProblemPath } from './problems';
import { walkWithPath } from './schema-check';

/**
 * The longest answer a text with a "pattern" may allow ("maxLength" at most this): the question
 * editor's default for a line of text. The server runs patterns on RE2 (linear in the answer); this
 * keeps even that work, and the browser's own RegExp on the applicant's phone, small.
 */
export const PATTERN_MAX_LENGTH = 200;

/**
 * The most comparisons an "enum" under a list's "items" may cost one answer: the list's "maxItems"
 * times the options of the enum (times the "maxItems" of every list around it). ajv checks an enum by
 * comparing the answer with each option in turn, so a list of 10,000 rows each with a 20,000-option
 * enum was 2×10⁸ comparisons, seconds of the server’s time, on every save. 100,000 single-value
 * comparisons (every answer the last option) took 2.5 ms here on a busy machine, and still allow a
 * 100-row table with a 1,000-option choice.
 */
export const ENUM_ROW_COMPARISONS_MAX = 100_000;

const isSingleValue = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

const SINGLE_VALUE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * "uniqueItems" is cheap only over single values (ajv compares them through one index, in linear
 * time): over rows of a table it compares every pair of rows, deeply (a 10,000-row list took seconds).
 */
function singleValueItems(items: unknown): boolean {
  if (!isJsonObject(items)) return false;
  const types = typeof items.type === 'string' ? [items.type] : Array.isArray(items.type) ? items.type : [];
  return types.length > 0 && types.every((type) => typeof type === 'string' && SINGLE_VALUE_TYPES.has(type));
}

/** The node a "#/…" JSON pointer names in `root`, or undefined. */
function pointed(root: Json, ref: string): unknown {
  if (ref === '#') return root;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isJsonObject(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

const isPointer = (ref: string) => ref === '#' || ref.startsWith('#/');

/** Every "$ref" under a schema, with its path. */
function refsUnder(schema: unknown, path: ProblemPath): { ref: string; path: ProblemPath }[] {
  const found: { ref: string; path: ProblemPath }[] = [];
  walkWithPath(schema, path, (node, at) => {
    if (typeof node.$ref === 'string') found.push({ ref: node.$ref, path: [...at, '$ref'] });
  });
  return found;
}

/**
 * A "$ref" that leads back to itself lets an answer nest without end (the validator's work, and its
 * stack, grow with every level: a deep answer was a 500). Each "$ref" is a place in the same file,
 * so that the checker can follow it; the references are followed depth first, once each.
 */
function refProblems(file: string, schema: Json, problems: ProblemList): void {
  const state = new Map<string, 'open' | 'done'>();
  const cycles = new Set<string>();
  const follow = (ref: string): void => {
    if (state.get(ref) === 'done') return;
    if (state.get(ref) === 'open') return void cycles.add(ref);
    state.set(ref, 'open');
    const target = pointed(schema, ref);
    // A place that does not exist is the validator's to tell (schema_unusable).
    for (const inner of target === undefined ? [] : refsUnder(target, [])) if (isPointer(inner.ref)) follow(inner.ref);
    state.set(ref, 'done');
  };
  for (const { ref, path } of refsUnder(schema, [])) {
    if (!isPointer(ref)) {
      problems.error(file, path, `"${ref}" is not a place in this file: a "$ref" is written "#/definitions/<name>".`, {
        code: 'ref_not_pointer',
        params: { ref },
      });
      continue;
    }
    follow(ref);
  }
  const told = new Set<string>();
  for (const { ref, path } of refsUnder(schema, []))
    if (cycles.has(ref) && !told.has(ref)) {
      told.add(ref);
      problems.error(
        file,
        path,
        `this "$ref" ("${ref}") leads back to itself, so an answer could nest without end: write the fields out instead.`,
        { code: 'ref_cycle', params: { ref } },
      );
    }
}

/**
 * What a schema costs to check an answer against stays linear in the answer, whatever policy staff
 * publish: every "pattern" (and "patternProperties" name) runs on RE2 and comes with a small
 * "maxLength", "uniqueItems" and "enum" only over single values, a long "enum" is not repeated in
 * many rows, and no "$ref" leads back to itself.
 */
export function costProblems(file: string, schema: Json, problems: ProblemList): void {
  walkWithPath(schema, [], (node, path) => {
    if (typeof node.pattern === 'string') {
      const detail = linearPatternProblem(node.pattern);
      if (detail !== undefined) notLinear(file, [...path, 'pattern'], detail, problems);
      const max = node.maxLength;
      if (typeof max !== 'number' || max > PATTERN_MAX_LENGTH)
        problems.error(
          file,
          [...path, typeof max === 'number' ? 'maxLength' : 'pattern'],
          `a text with a "pattern" needs a "maxLength" of at most ${PATTERN_MAX_LENGTH} characters, so that checking its answer stays quick.`,
          { code: 'pattern_max_length', params: { limit: PATTERN_MAX_LENGTH } },
        );
    }
    if (isJsonObject(node.patternProperties))
      for (const name of Object.keys(node.patternProperties)) {
        const detail = linearPatternProblem(name);
        if (detail !== undefined) notLinear(file, [...path, 'patternProperties', name], detail, problems);
      }
    if (node.uniqueItems === true && !singleValueItems(node.items))
      problems.error(
        file,
        [...path, 'uniqueItems'],
        '"uniqueItems" is only for a list of single values (its "items" with a "type" such as "string" or "number"): on rows of a table it compares every pair of rows, which takes too long.',
        { code: 'unique_items_rows' },
      );
  });
  enumProblems(file, schema, problems);
  refProblems(file, schema, problems);
}

/** How many times a node at `path` in `root` is checked per answer: the "maxItems" of each list it is a row of. */
function rowsAt(root: Json, path: ProblemPath): number {
  let rows = 1;
  let node: unknown = root;
  path.forEach((key, i) => {
    const repeated = (key === 'items' && typeof path[i + 1] !== 'number') || key === 'additionalItems';
    // A list without "maxItems" is level-check's to tell (level_max_items).
    if (repeated && isJsonObject(node) && typeof node.maxItems === 'number') rows *= Math.max(node.maxItems, 1);
    node = isJsonObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  });
  return rows;
}

/**
 * An "enum" is checked by comparing the answer with each option: its options are single values (an
 * object or a list is compared deeply, member by member), and a long one is not repeated in many rows.
 */
function enumProblems(file: string, schema: Json, problems: ProblemList): void {
  walkWithPath(schema, [], (node, path) => {
    if (!Array.isArray(node.enum)) return;
    if (!node.enum.every(isSingleValue)) {
      problems.error(
        file,
        [...path, 'enum'],
        'the options of an "enum" must be single values (texts, numbers, true/false or null): an option that is a list or an object is compared deeply with every answer, which takes too long.',
        { code: 'enum_not_single_values' },
      );
      return;
    }
    const rows = rowsAt(schema, path);
    const options = node.enum.length;
    if (rows > 1 && rows * options > ENUM_ROW_COMPARISONS_MAX)
      problems.error(
        file,
        [...path, 'enum'],
        `a list of up to ${rows} rows, each with a choice of ${options} options, costs ${rows * options} comparisons to check one answer: keep rows × options at most ${ENUM_ROW_COMPARISONS_MAX} (a smaller "maxItems", or fewer options).`,
        {
          code: 'enum_rows_costly',
          params: { rows, options, product: rows * options, limit: ENUM_ROW_COMPARISONS_MAX },
        },
      );
  });
}

function notLinear(file: string, path: ProblemPath, detail: string, problems: ProblemList): void {
  problems.error(
    file,
    path,
    `this pattern cannot be checked in a time that grows only with the answer (${detail}): write it without backreferences (\\1) or lookarounds ((?=…), (?!…), (?<=…)).`,
    { code: 'pattern_not_linear', params: { detail } },
  );
}
