import type { AnswerCondition, DocumentRule } from './forms';
import type { LocalizedText, RequiredDocument } from './reference-data';
import { isJsonObject } from './schema-walk';
import type { ApplicationType } from './wizard-driver';

/**
 * The documents as policy data (schemas/documents.json): which apply to an application, and the
 * spec's three lists derived from them. Pure, with no validator, for the client and the server alike.
 * (The checks of documents.json are the forms checker's: src/shared/forms-check/documents-check.ts.)
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
