import type { AdvancedField, QuestionSpec } from '../api/studio';
import type { FormsSet } from '../forms';
import type { LocalizedText } from '../reference-data';
import { isJsonObject } from '../schema-walk';
import { readField } from './question-read';
import { findField, stepFields } from './step-fields';
import { localizedOf } from './step-texts';

/** A step as the studio shows it: its texts, its questions, and the fields for advanced mode only. */
export interface StepView {
  step: string;
  title: LocalizedText;
  description: LocalizedText;
  /** The step's fields in ui:order (without "*"); `position` in writeQuestion indexes this list. */
  order: string[];
  /** The fields the model expresses, in order. */
  questions: QuestionSpec[];
  /** The rest (tables, computed, own widgets, anything else), in order: advanced mode only. */
  advanced: AdvancedField[];
}

/** The names of ui:order, without "*". */
export function uiOrder(ui: unknown): string[] {
  const order = isJsonObject(ui) ? ui['ui:order'] : undefined;
  return Array.isArray(order) ? order.filter((n): n is string => typeof n === 'string' && n !== '*') : [];
}

export function stepForm(set: FormsSet, step: string) {
  const form = Object.hasOwn(set.steps, step) ? set.steps[step] : undefined;
  if (!form) throw new Error(`no step "${step}"`);
  return form;
}

export function readStep(set: FormsSet, step: string): StepView {
  const form = stepForm(set, step);
  const fields = stepFields(form.schema);
  const listed = uiOrder(form.uiSchema);
  // The fields as the applicant meets them: ui:order first, then those "*" brings in schema order.
  const names = [...listed.filter((n) => fields.some((f) => f.name === n))];
  for (const f of fields) if (!names.includes(f.name)) names.push(f.name);
  const questions: QuestionSpec[] = [];
  const advanced: AdvancedField[] = [];
  for (const name of names) {
    const place = fields.find((f) => f.name === name)!;
    const read = readField(set, step, place, form.uiSchema[name]);
    if ('spec' in read) questions.push(read.spec);
    else advanced.push({ name, label: localizedOf(set, place.schema.title), kind: read.kind });
  }
  return {
    step,
    title: localizedOf(set, form.schema.title),
    description: localizedOf(set, form.schema.description),
    order: listed,
    questions,
    advanced,
  };
}

/** One field as the question editor sees it: null when the step or the field does not exist, or it is advanced. */
export function readQuestion(set: FormsSet, step: string, name: string): QuestionSpec | null {
  const form = Object.hasOwn(set.steps, step) ? set.steps[step] : undefined;
  const place = form && findField(form.schema, name);
  if (!form || !place) return null;
  const read = readField(set, step, place, form.uiSchema[name]);
  return 'spec' in read ? read.spec : null;
}
