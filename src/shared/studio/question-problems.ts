import type { QuestionSpec } from '../api/studio';
import { REFERENCE_LISTS, type FormsSet } from '../forms';
import { LANGUAGES } from '../reference-data';
import { isJsonObject } from '../schema-walk';
import { PATTERN_MAX_LENGTH } from '../forms-check/cost-check';
import { linearPatternProblem } from '../linear-regexp';
import { isTextType, LONG_TEXT_MAX_DEFAULT, TEXT_MAX_DEFAULT } from './question-schema';
import { findField, stepFields } from './step-fields';
import { readQuestion, uiOrder } from './step-view';

/**
 * The early checks of one question, where the checker would say it less clearly or too late. Each
 * problem's message is `studio_question_<code>` in locales/<lng>/api.json, with `params`.
 */
export const QUESTION_PROBLEM_CODES = [
  'label_missing',
  'help_one_language',
  'name_taken',
  'advanced',
  'options_missing',
  'option_twice',
  'option_label_missing',
  'format_invalid',
  'format_slow',
  'format_too_long',
  'format_description_missing',
  'limits_order',
  'reference_list_unknown',
  'show_when_unknown',
  'show_when_self',
  'show_when_later',
  'show_when_value',
  'in_use',
  'condition_broken',
] as const;
export type QuestionProblemCode = (typeof QUESTION_PROBLEM_CODES)[number];

export interface QuestionProblem {
  /** `studio_question_<code>`: the message key. */
  key: string;
  code: QuestionProblemCode;
  /** The part of the spec it is about: 'name', 'label', 'help', 'options', 'format', 'limits', 'reference_list', 'show_when'. */
  part: string;
  params?: Record<string, string | number>;
}

/** The most dependents an in_use problem names. */
const IN_USE_NAMED = 4;

/** A choice offers at least this many options. */
export const CHOICE_OPTIONS_MIN = 2;

function problem(code: QuestionProblemCode, part: string, params?: Record<string, string | number>): QuestionProblem {
  return { key: `studio_question_${code}`, code, part, ...(params ? { params } : {}) };
}

/** Who depends on the field: questions shown when it has a value, documents asked on its answer. */
function dependents(set: FormsSet, step: string, name: string): string[] {
  const schema = set.steps[step]!.schema;
  const by = stepFields(schema)
    .filter((f) => f.showWhen?.field === name)
    .map((f) => f.name);
  const answer = `${step}.${name}`;
  for (const doc of set.documents)
    if (doc.applies.when?.some((c) => c.answer === answer || c.answer.startsWith(`${answer}.`))) by.push(doc.id);
  return by;
}

function showWhenProblems(set: FormsSet, step: string, name: string, spec: QuestionSpec, position?: number) {
  const show = spec.show_when;
  if (!show) return [];
  const form = set.steps[step]!;
  if (show.field === name || show.field === spec.name) return [problem('show_when_self', 'show_when')];
  const target = findField(form.schema, show.field);
  if (!target) return [problem('show_when_unknown', 'show_when', { field: show.field })];
  const order = uiOrder(form.uiSchema).filter((n) => n !== name);
  const at = position ?? (order.includes(name) ? uiOrder(form.uiSchema).indexOf(name) : order.length);
  const earlier = order.indexOf(show.field);
  if (earlier < 0 || earlier >= at) return [problem('show_when_later', 'show_when', { field: show.field })];
  const asked = readQuestion(set, step, show.field);
  const possible =
    asked?.type === 'yes_no'
      ? [true, false]
      : asked?.type === 'choice'
        ? (asked.options ?? []).map((o) => o.value)
        : Array.isArray(target.schema.oneOf)
          ? target.schema.oneOf.map((o) => (isJsonObject(o) ? o.const : undefined))
          : undefined;
  // Else the answer's type decides (a table or a group is never equal to one value).
  const type = String(target.schema.type).replace('integer', 'number');
  const fits = possible ? possible.includes(show.equals) : typeof show.equals === type;
  return fits ? [] : [problem('show_when_value', 'show_when', { field: show.field, value: String(show.equals) })];
}

/** The question can be answered with this value. */
function canBe(spec: QuestionSpec, value: string | number | boolean): boolean {
  if (spec.type === 'yes_no') return typeof value === 'boolean';
  if (spec.type === 'choice') return (spec.options ?? []).some((o) => o.value === value);
  if (['number', 'whole_number', 'reference_list'].includes(spec.type)) return typeof value === 'number';
  return typeof value === 'string';
}

function typeProblems(spec: QuestionSpec): QuestionProblem[] {
  const found: QuestionProblem[] = [];
  if (spec.type === 'choice') {
    const options = spec.options ?? [];
    if (options.length < CHOICE_OPTIONS_MIN)
      found.push(problem('options_missing', 'options', { min: CHOICE_OPTIONS_MIN }));
    const seen = new Set<string>();
    for (const option of options) {
      if (seen.has(option.value)) found.push(problem('option_twice', 'options', { value: option.value }));
      seen.add(option.value);
      for (const language of LANGUAGES)
        if (option.label[language].trim() === '')
          found.push(problem('option_label_missing', 'options', { value: option.value, language }));
    }
  }
  if (isTextType(spec.type) && spec.format) {
    try {
      new RegExp(spec.format.pattern, 'u');
      // The server runs a pattern on RE2 (src/shared/linear-regexp.ts), which has no backreferences or lookarounds.
      if (linearPatternProblem(spec.format.pattern) !== undefined) found.push(problem('format_slow', 'format'));
    } catch {
      found.push(problem('format_invalid', 'format'));
    }
    const longest = spec.max_length ?? (spec.type === 'text' ? TEXT_MAX_DEFAULT : LONG_TEXT_MAX_DEFAULT);
    if (longest > PATTERN_MAX_LENGTH) found.push(problem('format_too_long', 'limits', { limit: PATTERN_MAX_LENGTH }));
    for (const language of LANGUAGES)
      if (spec.format.description[language].trim() === '')
        found.push(problem('format_description_missing', 'format', { language }));
  }
  const lengths = isTextType(spec.type) && spec.min_length !== undefined && spec.max_length !== undefined;
  const numbers = ['number', 'whole_number'].includes(spec.type);
  if (
    (lengths && spec.min_length! > spec.max_length!) ||
    (numbers && spec.minimum !== undefined && spec.maximum !== undefined && spec.minimum > spec.maximum)
  )
    found.push(problem('limits_order', 'limits'));
  if (spec.type === 'reference_list' && !(REFERENCE_LISTS as readonly unknown[]).includes(spec.reference_list))
    found.push(problem('reference_list_unknown', 'reference_list', { list: String(spec.reference_list ?? '') }));
  return found;
}

/**
 * What is wrong with saving `spec` as the question `name` of `step` (null: removing it), before the
 * checker looks at the whole set: nothing when it may be saved.
 */
export function questionProblems(
  set: FormsSet,
  step: string,
  name: string,
  spec: QuestionSpec | null,
  position?: number,
  /** The editor adds a new question: `name` must not be a field the step has (else it would replace it). */
  create = false,
): QuestionProblem[] {
  const form = Object.hasOwn(set.steps, step) ? set.steps[step] : undefined;
  if (!form) return [];
  const existing = findField(form.schema, name);
  if (create && existing) return [problem('name_taken', 'name', { field: name })];
  const renamed = !spec || spec.name !== name;
  const found: QuestionProblem[] = [];
  if (existing && renamed) {
    const by = dependents(set, step, name);
    // Named, not all listed: the message stays short; the studio shows each where it is.
    const named = by.length > IN_USE_NAMED ? [...by.slice(0, IN_USE_NAMED), '…'] : by;
    if (by.length > 0) found.push(problem('in_use', 'name', { field: name, by: named.join(', ') }));
  }
  if (!spec) return found;
  if (existing && !renamed) {
    // A question that decides when others are shown must still be able to have the answers they wait for.
    const waiting = stepFields(form.schema).filter(
      (f) => f.showWhen?.field === name && !canBe(spec, f.showWhen.equals),
    );
    if (waiting.length > 0)
      found.push(
        problem('condition_broken', spec.type === 'choice' ? 'options' : 'type', {
          field: name,
          by: waiting.map((f) => f.name).join(', '),
        }),
      );
  }
  if (existing && !readQuestion(set, step, name)) found.push(problem('advanced', 'name', { field: name }));
  if (renamed && findField(form.schema, spec.name)) found.push(problem('name_taken', 'name', { field: spec.name }));
  for (const language of LANGUAGES) {
    if (spec.label[language].trim() === '') found.push(problem('label_missing', 'label', { language }));
    const other = LANGUAGES.find((l) => l !== language)!;
    if (spec.help[language].trim() === '' && spec.help[other].trim() !== '')
      found.push(problem('help_one_language', 'help', { language }));
  }
  return [...found, ...typeProblems(spec), ...showWhenProblems(set, step, name, spec, position)];
}
