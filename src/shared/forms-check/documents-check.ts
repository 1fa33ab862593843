import type { FormsSet } from '../forms';
import { LANGUAGES } from '../reference-data';
import { isJsonObject, type Json } from '../schema-walk';
import { APPLICATION_TYPES } from '../wizard-driver';
import { didYouMeanText, suggestionFor } from './did-you-mean';
import { declaredFields } from './level-check';
import { listParam, quotedList, type ProblemCode, type ProblemList, type ProblemPath } from './problems';

const FILE = 'documents.json';
const COMPARISONS = ['equals', 'notEquals', 'above', 'atLeast', 'below', 'atMost', 'oneOf'] as const;
const NUMERIC = ['above', 'atLeast', 'below', 'atMost'];

/** The field a condition's answer ("<step>.<field>", dotted into groups) names, or a problem with it. */
export function conditionField(
  steps: FormsSet['steps'],
  answer: string,
): { field?: Json; problem?: string; check?: ProblemCode } {
  const [step, ...names] = answer.split('.');
  const form = step !== undefined && Object.hasOwn(steps, step) ? steps[step] : undefined;
  if (!form) {
    const suggestion = suggestionFor(String(step), Object.keys(steps));
    return {
      problem: `the condition's answer "${answer}" names the step "${step}", which does not exist.${didYouMeanText(suggestion)} It is written "<step>.<field>".`,
      check: { code: 'condition_step_unknown', params: { answer, step: String(step), suggestion } },
    };
  }
  if (names.length === 0)
    return {
      problem: `the condition's answer "${answer}" names no field: it is written "<step>.<field>".`,
      check: { code: 'condition_field_missing', params: { answer } },
    };
  let node: Json = form.schema;
  for (const [i, name] of names.entries()) {
    const fields = declaredFields(node);
    const field = fields.get(name);
    const where = [step, ...names.slice(0, i)].join('.');
    if (!field) {
      const suggestion = suggestionFor(name, fields.keys());
      return {
        problem: `the condition's answer "${answer}" names "${name}", which is not a field of "${where}".${didYouMeanText(suggestion)}`,
        check: { code: 'condition_field_unknown', params: { answer, name, where, suggestion } },
      };
    }
    node = field.schema;
  }
  return { field: node };
}

/** The values a field's answer can take, when the schema lists them (an enum, a const, a yes/no). */
export function possibleValues(field: Json): unknown[] | undefined {
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
      { code: 'condition_shape' },
    );
    return;
  }
  const given = COMPARISONS.filter((c) => c in condition);
  const unknown = Object.keys(condition).filter(
    (key) => key !== 'answer' && !(COMPARISONS as readonly string[]).includes(key),
  );
  for (const key of unknown) {
    const suggestion = suggestionFor(key, COMPARISONS);
    problems.error(
      FILE,
      [...path, key],
      `"${key}" is not a comparison.${didYouMeanText(suggestion)} The comparisons are ${quotedList(COMPARISONS)}.`,
      { code: 'condition_comparison_unknown', params: { key, suggestion, comparisons: listParam(COMPARISONS) } },
    );
  }
  if (given.length !== 1 && unknown.length === 0)
    problems.error(
      FILE,
      path,
      `a condition has exactly one comparison (${quotedList(COMPARISONS)}); this one has ${given.length}.`,
      { code: 'condition_comparison_count', params: { comparisons: listParam(COMPARISONS), given: given.length } },
    );
  // A step whose file could not be read is told already: nothing more about it.
  if (brokenSteps.includes(condition.answer.split('.')[0]!)) return;
  const { field, problem, check } = conditionField(set.steps, condition.answer);
  if (problem) return void problems.error(FILE, [...path, 'answer'], problem, check);
  for (const comparison of given) {
    const value = condition[comparison];
    if (NUMERIC.includes(comparison) && typeof value !== 'number')
      problems.error(FILE, [...path, comparison], `"${comparison}" compares with a number: write it without quotes.`, {
        code: 'condition_number',
        params: { comparison },
      });
    if (comparison === 'oneOf' && !Array.isArray(value))
      problems.error(FILE, [...path, comparison], '"oneOf" is a list of values in brackets [ … ].', {
        code: 'condition_one_of_list',
      });
    const possible = field && possibleValues(field);
    const values = comparison === 'oneOf' && Array.isArray(value) ? value : [value];
    if (possible && ['equals', 'notEquals', 'oneOf'].includes(comparison))
      for (const v of values)
        if (!possible.some((p) => p === v)) {
          const [value, answers] = [String(JSON.stringify(v)), possible.map((p) => JSON.stringify(p)).join(', ')];
          problems.error(
            FILE,
            [...path, comparison],
            `the answer "${condition.answer}" can never be ${value}: its answers are ${answers}.`,
            { code: 'condition_never', params: { answer: condition.answer, value, answers } },
          );
        }
  }
}

/** documents.json: each document complete, in both languages, with conditions on fields that exist. */
export function documentProblems(
  set: Pick<FormsSet, 'steps' | 'documents'>,
  problems: ProblemList,
  brokenSteps: readonly string[] = [],
): void {
  if (!Array.isArray(set.documents)) {
    problems.error(FILE, [], 'documents.json must be a list in brackets [ … ] of documents.', {
      code: 'documents_not_list',
    });
    return;
  }
  const ids = new Set<string>();
  set.documents.forEach((doc: unknown, i) => {
    const at: ProblemPath = [i];
    if (!isJsonObject(doc))
      return void problems.error(FILE, at, 'each document is written in braces { … }.', {
        code: 'document_not_object',
      });
    const id = doc.id;
    const name = typeof id === 'string' ? `the document "${id}"` : `document ${i + 1}`;
    // The document as the texts name it: its id, or its place (a number) when it has none.
    const document = typeof id === 'string' ? id : i + 1;
    if (typeof id !== 'string' || !/^[a-z][a-z0-9_]*$/.test(id))
      problems.error(
        FILE,
        [...at, 'id'],
        `${name} needs an "id" of small letters, digits and _ (such as "site_plan").`,
        { code: 'document_id', params: { document } },
      );
    else if (ids.has(id))
      problems.error(FILE, [...at, 'id'], `${name} is listed twice: each id once.`, {
        code: 'document_id_twice',
        params: { document },
      });
    else ids.add(id);
    for (const part of ['name', 'help'] as const)
      for (const language of LANGUAGES) {
        const text = isJsonObject(doc[part]) ? doc[part][language] : undefined;
        if (typeof text !== 'string' || text.trim() === '')
          problems.error(
            FILE,
            [...at, part],
            `${name} has no "${part}" in ${language}: write {"en": "…", "sw": "…"}.`,
            {
              code: 'document_text_missing',
              params: { document, part, language },
            },
          );
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
        { code: 'document_accept', params: { document } },
      );
    if (typeof doc.max_bytes !== 'number' || !Number.isInteger(doc.max_bytes) || doc.max_bytes <= 0)
      problems.error(
        FILE,
        [...at, 'max_bytes'],
        `${name}'s "max_bytes" must be the largest file size in bytes (5242880 is 5 MB).`,
        { code: 'document_max_bytes', params: { document } },
      );
    for (const flag of ['required', 'drawing_scale'] as const)
      if (typeof doc[flag] !== 'boolean')
        problems.error(FILE, [...at, flag], `${name}'s "${flag}" must be true or false (no quotes).`, {
          code: 'document_flag',
          params: { document, flag },
        });
    const parts = ['id', 'name', 'help', 'accept', 'max_bytes', 'required', 'drawing_scale', 'applies'];
    const extra = Object.keys(doc).filter((k) => !parts.includes(k));
    for (const key of extra) {
      const suggestion = suggestionFor(key, parts);
      problems.error(
        FILE,
        [...at, key],
        `"${key}" is not a part of a document, so it would be ignored.${didYouMeanText(suggestion)}`,
        { code: 'document_part_unknown', params: { key, suggestion } },
      );
    }
    const applies = doc.applies;
    if (!isJsonObject(applies))
      return void problems.error(
        FILE,
        [...at, 'applies'],
        `${name} needs "applies": {} (always), or with "types" and "when".`,
        { code: 'document_applies_missing', params: { document } },
      );
    for (const key of Object.keys(applies))
      if (key !== 'types' && key !== 'when') {
        const suggestion = suggestionFor(key, ['types', 'when']);
        problems.error(
          FILE,
          [...at, 'applies', key],
          `"${key}" is not a part of "applies" (only "types" and "when").${didYouMeanText(suggestion)}`,
          { code: 'applies_part_unknown', params: { key, suggestion } },
        );
      }
    if (applies.types !== undefined) {
      if (!Array.isArray(applies.types))
        problems.error(FILE, [...at, 'applies', 'types'], '"types" is a list of application types.', {
          code: 'applies_types_list',
        });
      else
        applies.types.forEach((type, j) => {
          if ((APPLICATION_TYPES as readonly unknown[]).includes(type)) return;
          const suggestion = suggestionFor(String(type), APPLICATION_TYPES);
          problems.error(
            FILE,
            [...at, 'applies', 'types', j],
            `"${String(type)}" is not an application type.${didYouMeanText(suggestion)} The types are ${quotedList(APPLICATION_TYPES)}.`,
            {
              code: 'application_type_unknown',
              params: { type: String(type), suggestion, types: listParam(APPLICATION_TYPES) },
            },
          );
        });
    }
    if (applies.when !== undefined) {
      if (!Array.isArray(applies.when))
        problems.error(FILE, [...at, 'applies', 'when'], '"when" is a list of conditions in brackets [ … ].', {
          code: 'applies_when_list',
        });
      else
        applies.when.forEach((c, j) => conditionProblems(set, c, [...at, 'applies', 'when', j], problems, brokenSteps));
    }
  });
}
