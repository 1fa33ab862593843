import type { FormsSet } from '../forms';
import { LANGUAGES } from '../reference-data';
import { isJsonObject, type Json } from '../schema-walk';
import { APPLICATION_TYPES } from '../wizard-driver';
import { didYouMean } from './did-you-mean';
import { declaredFields } from './level-check';
import { quotedList, type ProblemList, type ProblemPath } from './problems';

const FILE = 'documents.json';
const COMPARISONS = ['equals', 'notEquals', 'above', 'atLeast', 'below', 'atMost', 'oneOf'] as const;
const NUMERIC = ['above', 'atLeast', 'below', 'atMost'];

/** The field a condition's answer ("<step>.<field>", dotted into groups) names, or a problem with it. */
function conditionField(steps: FormsSet['steps'], answer: string): { field?: Json; problem?: string } {
  const [step, ...names] = answer.split('.');
  const form = step !== undefined && Object.hasOwn(steps, step) ? steps[step] : undefined;
  if (!form)
    return {
      problem: `the condition's answer "${answer}" names the step "${step}", which does not exist.${didYouMean(String(step), Object.keys(steps))} It is written "<step>.<field>".`,
    };
  if (names.length === 0)
    return { problem: `the condition's answer "${answer}" names no field: it is written "<step>.<field>".` };
  let node: Json = form.schema;
  for (const [i, name] of names.entries()) {
    const fields = declaredFields(node);
    const field = fields.get(name);
    const where = [step, ...names.slice(0, i)].join('.');
    if (!field)
      return {
        problem: `the condition's answer "${answer}" names "${name}", which is not a field of "${where}".${didYouMean(name, fields.keys())}`,
      };
    node = field.schema;
  }
  return { field: node };
}

/** The values a field's answer can take, when the schema lists them (an enum, a const, a yes/no). */
function possibleValues(field: Json): unknown[] | undefined {
  if (Array.isArray(field.enum)) return field.enum;
  if ('const' in field) return [field.const];
  if (field.type === 'boolean') return [true, false];
  if (Array.isArray(field.oneOf) && field.oneOf.every((o) => isJsonObject(o) && 'const' in o))
    return field.oneOf.map((o) => (o as Json).const);
  return undefined;
}

function conditionProblems(
  set: Pick<FormsSet, 'steps'>,
  condition: unknown,
  path: ProblemPath,
  problems: ProblemList,
  brokenSteps: readonly string[],
): void {
  if (!isJsonObject(condition) || typeof condition.answer !== 'string') {
    problems.error(
      FILE,
      path,
      'a condition is written {"answer": "<step>.<field>", and one comparison such as "equals": …}.',
    );
    return;
  }
  const given = COMPARISONS.filter((c) => c in condition);
  const unknown = Object.keys(condition).filter(
    (key) => key !== 'answer' && !(COMPARISONS as readonly string[]).includes(key),
  );
  for (const key of unknown)
    problems.error(
      FILE,
      [...path, key],
      `"${key}" is not a comparison.${didYouMean(key, COMPARISONS)} The comparisons are ${quotedList(COMPARISONS)}.`,
    );
  if (given.length !== 1 && unknown.length === 0)
    problems.error(
      FILE,
      path,
      `a condition has exactly one comparison (${quotedList(COMPARISONS)}); this one has ${given.length}.`,
    );
  // A step whose file could not be read is told already: nothing more about it.
  if (brokenSteps.includes(condition.answer.split('.')[0]!)) return;
  const { field, problem } = conditionField(set.steps, condition.answer);
  if (problem) return void problems.error(FILE, [...path, 'answer'], problem);
  for (const comparison of given) {
    const value = condition[comparison];
    if (NUMERIC.includes(comparison) && typeof value !== 'number')
      problems.error(FILE, [...path, comparison], `"${comparison}" compares with a number: write it without quotes.`);
    if (comparison === 'oneOf' && !Array.isArray(value))
      problems.error(FILE, [...path, comparison], '"oneOf" is a list of values in brackets [ … ].');
    const possible = field && possibleValues(field);
    const values = comparison === 'oneOf' && Array.isArray(value) ? value : [value];
    if (possible && ['equals', 'notEquals', 'oneOf'].includes(comparison))
      for (const v of values)
        if (!possible.some((p) => p === v))
          problems.error(
            FILE,
            [...path, comparison],
            `the answer "${condition.answer}" can never be ${JSON.stringify(v)}: its answers are ${possible.map((p) => JSON.stringify(p)).join(', ')}.`,
          );
  }
}

/** documents.json: each document complete, in both languages, with conditions on fields that exist. */
export function documentProblems(
  set: Pick<FormsSet, 'steps' | 'documents'>,
  problems: ProblemList,
  brokenSteps: readonly string[] = [],
): void {
  if (!Array.isArray(set.documents)) {
    problems.error(FILE, [], 'documents.json must be a list in brackets [ … ] of documents.');
    return;
  }
  const ids = new Set<string>();
  set.documents.forEach((doc: unknown, i) => {
    const at: ProblemPath = [i];
    if (!isJsonObject(doc)) return void problems.error(FILE, at, 'each document is written in braces { … }.');
    const id = doc.id;
    const name = typeof id === 'string' ? `the document "${id}"` : `document ${i + 1}`;
    if (typeof id !== 'string' || !/^[a-z][a-z0-9_]*$/.test(id))
      problems.error(
        FILE,
        [...at, 'id'],
        `${name} needs an "id" of small letters, digits and _ (such as "site_plan").`,
      );
    else if (ids.has(id)) problems.error(FILE, [...at, 'id'], `${name} is listed twice: each id once.`);
    else ids.add(id);
    for (const part of ['name', 'help'] as const)
      for (const language of LANGUAGES) {
        const text = isJsonObject(doc[part]) ? doc[part][language] : undefined;
        if (typeof text !== 'string' || text.trim() === '')
          problems.error(FILE, [...at, part], `${name} has no "${part}" in ${language}: write {"en": "…", "sw": "…"}.`);
      }
    if (
      !Array.isArray(doc.accept) ||
      doc.accept.length === 0 ||
      !doc.accept.every((t) => typeof t === 'string' && /^[a-z]+\/[a-z0-9.+-]+$/.test(t))
    )
      problems.error(
        FILE,
        [...at, 'accept'],
        `${name}'s "accept" must list the kinds of file it takes, such as ["application/pdf", "image/jpeg"].`,
      );
    if (typeof doc.max_bytes !== 'number' || !Number.isInteger(doc.max_bytes) || doc.max_bytes <= 0)
      problems.error(
        FILE,
        [...at, 'max_bytes'],
        `${name}'s "max_bytes" must be the largest file size in bytes (5242880 is 5 MB).`,
      );
    for (const flag of ['required', 'drawing_scale'] as const)
      if (typeof doc[flag] !== 'boolean')
        problems.error(FILE, [...at, flag], `${name}'s "${flag}" must be true or false (no quotes).`);
    const extra = Object.keys(doc).filter(
      (k) => !['id', 'name', 'help', 'accept', 'max_bytes', 'required', 'drawing_scale', 'applies'].includes(k),
    );
    for (const key of extra)
      problems.error(
        FILE,
        [...at, key],
        `"${key}" is not a part of a document, so it would be ignored.${didYouMean(key, ['id', 'name', 'help', 'accept', 'max_bytes', 'required', 'drawing_scale', 'applies'])}`,
      );
    const applies = doc.applies;
    if (!isJsonObject(applies))
      return void problems.error(
        FILE,
        [...at, 'applies'],
        `${name} needs "applies": {} (always), or with "types" and "when".`,
      );
    for (const key of Object.keys(applies))
      if (key !== 'types' && key !== 'when')
        problems.error(
          FILE,
          [...at, 'applies', key],
          `"${key}" is not a part of "applies" (only "types" and "when").${didYouMean(key, ['types', 'when'])}`,
        );
    if (applies.types !== undefined) {
      if (!Array.isArray(applies.types))
        problems.error(FILE, [...at, 'applies', 'types'], '"types" is a list of application types.');
      else
        applies.types.forEach((type, j) => {
          if (!(APPLICATION_TYPES as readonly unknown[]).includes(type))
            problems.error(
              FILE,
              [...at, 'applies', 'types', j],
              `"${String(type)}" is not an application type.${didYouMean(String(type), APPLICATION_TYPES)} The types are ${quotedList(APPLICATION_TYPES)}.`,
            );
        });
    }
    if (applies.when !== undefined) {
      if (!Array.isArray(applies.when))
        problems.error(FILE, [...at, 'applies', 'when'], '"when" is a list of conditions in brackets [ … ].');
      else
        applies.when.forEach((c, j) => conditionProblems(set, c, [...at, 'applies', 'when', j], problems, brokenSteps));
    }
  });
}
