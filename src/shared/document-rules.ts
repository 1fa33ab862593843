import type { AnswerCondition, DocumentRule, StepForm } from './forms';
import type { LocalizedText, RequiredDocument } from './reference-data';
import { isJsonObject, propertiesOf } from './schema-walk';
import { APPLICATION_TYPES, type ApplicationType } from './wizard-driver';

/**
 * The documents as policy data (schemas/documents.json): which apply to an application, and the
 * checks of the rules themselves. Pure, with no validator, for the client and the server alike.
 */

/** The comparisons an answer condition may make; exactly one is given. */
export const CONDITION_OPERATORS = ['equals', 'notEquals', 'above', 'atLeast', 'below', 'atMost', 'oneOf'] as const;
type Operator = (typeof CONDITION_OPERATORS)[number];

/** The value of a saved answer, "<step>.<field>" dotted into objects; undefined when there is none. */
export function answerAt(answers: Readonly<Record<string, unknown>>, path: string): unknown {
  let node: unknown = answers;
  for (const part of path.split('.')) {
    if (!isJsonObject(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The operator a condition uses (the first given, in CONDITION_OPERATORS' order). */
function operatorOf(condition: AnswerCondition): Operator | undefined {
  return CONDITION_OPERATORS.find((op) => Object.hasOwn(condition, op));
}

/** Whether a condition holds for the answers: a missing answer meets none but `notEquals`. */
export function conditionHolds(condition: AnswerCondition, answers: Readonly<Record<string, unknown>>): boolean {
  const value = answerAt(answers, condition.answer);
  const op = operatorOf(condition);
  if (op === 'notEquals') return value === undefined || !same(value, condition.notEquals);
  if (value === undefined || op === undefined) return false;
  const limit = condition[op];
  switch (op) {
    case 'equals':
      return same(value, limit);
    case 'oneOf':
      return Array.isArray(limit) && limit.some((option) => same(value, option));
    default: {
      if (typeof value !== 'number' || typeof limit !== 'number') return false;
      if (op === 'above') return value > limit;
      if (op === 'atLeast') return value >= limit;
      if (op === 'below') return value < limit;
      return value <= limit;
    }
  }
}

/** Whether a document applies to an application of this type with these saved answers. */
export function documentApplies(
  rule: DocumentRule,
  type: ApplicationType,
  answers: Readonly<Record<string, unknown>>,
): boolean {
  const { types, when } = rule.applies ?? {};
  if (types && !types.includes(type)) return false;
  return (when ?? []).every((condition) => conditionHolds(condition, answers));
}

/**
 * The documents an application of this type with these saved answers is asked for, in the rules'
 * order, each with its `required` flag: only the required ones block submit; the optional ones may
 * be uploaded (and are kept and shown).
 */
export function documentsFor(
  type: ApplicationType,
  answers: Readonly<Record<string, unknown>>,
  rules: readonly DocumentRule[],
): DocumentRule[] {
  return rules.filter((rule) => documentApplies(rule, type, answers));
}

/** The rules by their code. */
export function rulesByCode(rules: readonly DocumentRule[]): Map<string, DocumentRule> {
  return new Map(rules.map((rule) => [rule.id, rule]));
}

/** A document's name when no rule knows its code any more (a document dropped from the rules). */
export function documentNameOf(rules: readonly DocumentRule[], code: string): LocalizedText {
  return rulesByCode(rules).get(code)?.name ?? { en: code, sw: code };
}

/** The spec's three reference lists (splash), as they were before the documents became rules. */
export interface DocumentLists {
  normal_attachments: RequiredDocument[];
  not_more_than_three_attachments: RequiredDocument[];
  more_than_three_attachments: RequiredDocument[];
}

/** A rule in the shape of the spec's lists; its id is its place in the rules (1, 2, …). */
export function asRequiredDocument(rule: DocumentRule, id: number): RequiredDocument {
  return {
    id,
    code: rule.id,
    name: rule.name,
    description: rule.help,
    max_bytes: rule.max_bytes,
    accept: rule.accept,
    required: rule.required,
  };
}

/** The storey count of a building in the spec's lists: the answers a building of that many storeys has. */
function buildingOf(storeys: number): Record<string, unknown> {
  return { construction: { has_storeys: true, storey_count: storeys } };
}

/**
 * The spec's three lists, derived from the rules: `normal` the documents of every application (no
 * type, no condition); `not_more_than_three` the others a new or government building of up to three
 * storeys is asked for; `more_than_three` those of a building of more than three.
 */
export function documentLists(rules: readonly DocumentRule[]): DocumentLists {
  const ids = new Map(rules.map((rule, i) => [rule, i + 1]));
  const shaped = (list: DocumentRule[]) => list.map((rule) => asRequiredDocument(rule, ids.get(rule)!));
  const normal = rules.filter((rule) => !rule.applies?.types && (rule.applies?.when ?? []).length === 0);
  const building = (storeys: number) =>
    rules.filter(
      (rule) =>
        !normal.includes(rule) &&
        (['new', 'government'] as const).some((type) => documentApplies(rule, type, buildingOf(storeys))),
    );
  return {
    normal_attachments: shaped(normal),
    not_more_than_three_attachments: shaped(building(3)),
    more_than_three_attachments: shaped(building(4)),
  };
}

const CODE = /^[a-z][a-z0-9_]{0,63}$/;
const KNOWN_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/** Whether some step has the field a condition's "<step>.<field>" names. */
function fieldOf(steps: Readonly<Record<string, StepForm>>, path: string): boolean {
  const [step, ...rest] = path.split('.');
  let node: unknown = step === undefined ? undefined : steps[step]?.schema;
  for (const part of rest) {
    node = propertiesOf(node).get(part);
    if (!node) return false;
  }
  return node !== undefined && rest.length > 0;
}

/**
 * Every problem with the document rules, one line each, written for the policy staff who edit
 * documents.json: ids, both languages, file types, sizes, and conditions on fields that exist.
 */
export function documentProblems(rules: unknown, steps: Readonly<Record<string, StepForm>>): string[] {
  if (!Array.isArray(rules)) return ['documents.json must be a list of documents ([ … ])'];
  const problems: string[] = [];
  const seen = new Set<string>();
  rules.forEach((rule: unknown, i) => {
    if (!isJsonObject(rule)) return problems.push(`documents.json: entry ${i + 1} is not a document ({ … })`);
    const where = `documents.json: "${typeof rule.id === 'string' ? rule.id : `entry ${i + 1}`}"`;
    if (typeof rule.id !== 'string' || !CODE.test(rule.id))
      problems.push(`${where}: "id" must be lower-case letters, digits and _ (for example "fire_safety_plan")`);
    else if (seen.has(rule.id)) problems.push(`${where}: the id is used by two documents`);
    else seen.add(rule.id);
    for (const key of ['name', 'help'] as const) {
      const text = rule[key];
      for (const language of ['en', 'sw'] as const) {
        const value = isJsonObject(text) ? text[language] : undefined;
        if (typeof value !== 'string' || value.trim() === '')
          problems.push(`${where}: "${key}" has no ${language === 'en' ? 'English' : 'Swahili'} text ("${language}")`);
      }
    }
    if (!Array.isArray(rule.accept) || rule.accept.length === 0)
      problems.push(`${where}: "accept" must list the file types, for example ["application/pdf"]`);
    else
      for (const type of rule.accept)
        if (!KNOWN_TYPES.includes(type as string))
          problems.push(`${where}: "accept" names "${String(type)}"; the portal takes ${KNOWN_TYPES.join(', ')}`);
    if (typeof rule.max_bytes !== 'number' || !Number.isInteger(rule.max_bytes) || rule.max_bytes <= 0)
      problems.push(`${where}: "max_bytes" must be a whole number of bytes above 0 (5 MB is 5242880)`);
    for (const key of ['required', 'drawing_scale'] as const)
      if (typeof rule[key] !== 'boolean') problems.push(`${where}: "${key}" must be true or false`);
    const applies = rule.applies;
    if (!isJsonObject(applies)) {
      problems.push(`${where}: "applies" must be given ({} when the document applies to every application)`);
      return;
    }
    for (const key of Object.keys(applies))
      if (key !== 'types' && key !== 'when')
        problems.push(`${where}: "applies" has "${key}"; it takes "types" and "when"`);
    if (applies.types !== undefined) {
      if (!Array.isArray(applies.types) || applies.types.length === 0)
        problems.push(`${where}: "applies.types" must list application types, for example ["new"]`);
      else
        for (const type of applies.types)
          if (!(APPLICATION_TYPES as readonly unknown[]).includes(type))
            problems.push(
              `${where}: "applies.types" names "${String(type)}"; the types are ${APPLICATION_TYPES.join(', ')}`,
            );
    }
    if (applies.when !== undefined && !Array.isArray(applies.when))
      problems.push(`${where}: "applies.when" must be a list of conditions`);
    for (const condition of Array.isArray(applies.when) ? (applies.when as unknown[]) : [])
      problems.push(...conditionProblems(condition, steps).map((p) => `${where}: ${p}`));
  });
  return problems;
}

function conditionProblems(condition: unknown, steps: Readonly<Record<string, StepForm>>): string[] {
  if (!isJsonObject(condition)) return ['a condition in "applies.when" is not { "answer": …, … }'];
  const problems: string[] = [];
  const answer = condition.answer;
  if (typeof answer !== 'string') problems.push('a condition has no "answer" ("<step>.<field>")');
  else if (!fieldOf(steps, answer)) problems.push(`a condition names the answer "${answer}", which no step has`);
  const ops = Object.keys(condition).filter((key) => key !== 'answer');
  const known = ops.filter((op) => (CONDITION_OPERATORS as readonly string[]).includes(op));
  for (const op of ops)
    if (!known.includes(op))
      problems.push(`a condition has "${op}"; a condition compares with one of ${CONDITION_OPERATORS.join(', ')}`);
  if (known.length !== 1)
    problems.push(
      `the condition on "${String(answer)}" must compare with exactly one of ${CONDITION_OPERATORS.join(', ')}`,
    );
  for (const op of known) {
    const value = condition[op];
    if (['above', 'atLeast', 'below', 'atMost'].includes(op) && typeof value !== 'number')
      problems.push(`the condition on "${String(answer)}": "${op}" takes a number`);
    if (op === 'oneOf' && !Array.isArray(value))
      problems.push(`the condition on "${String(answer)}": "oneOf" takes a list of values`);
  }
  return problems;
}
