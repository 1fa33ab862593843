import type { QuestionSpec } from '../api/studio';
import { translationKeys, type FormsSet, type StepForm } from '../forms';
import { LANGUAGES } from '../reference-data';
import { isJsonObject, type Json } from '../schema-walk';
import { addField, removeField, replaceField, samePlace } from './question-place';
import { questionSchema } from './question-schema';
import { findField, mirrorNames, stepFields } from './step-fields';
import { dropText, putLocalized } from './step-texts';
import { readQuestion, stepForm, uiOrder } from './step-view';

/** Every text key the set's steps use. */
export function usedTextKeys(set: FormsSet): Set<string> {
  const used = new Set<string>();
  for (const form of Object.values(set.steps)) for (const key of translationKeys(form)) used.add(key);
  return used;
}

/** Drops the texts of these keys that no step uses any more (a text another place uses stays). */
export function dropUnusedTexts(set: FormsSet, keys: Iterable<string>): void {
  const used = usedTextKeys(set);
  for (const key of keys) if (!used.has(key)) for (const language of LANGUAGES) dropText(set.texts[language], key);
}

/** The text keys of one field (its schema, its options, its UI entry). */
export const fieldTextKeys = (schema: Json, ui: unknown): Set<string> =>
  translationKeys({ schema, uiSchema: isJsonObject(ui) ? ui : {} });

/**
 * Puts `name` (renamed `next`) in ui:order: where it was, or at `position` of the order without "*";
 * a new field goes at the end, before a final "*". null takes it out.
 */
function placeInOrder(form: StepForm, name: string, next: string | null, position?: number): void {
  const ui = form.uiSchema;
  let order = Array.isArray(ui['ui:order']) ? [...(ui['ui:order'] as unknown[])] : undefined;
  if (!order) {
    if (next === null || position === undefined) return;
    // No order yet: RJSF shows the schema's order, so a position needs one written, with "*" for the rest.
    order = [
      ...stepFields(form.schema)
        .map((f) => f.name)
        .filter((n) => n !== name && n !== next),
      '*',
    ];
  }
  const at = order.indexOf(name);
  if (next !== null && at >= 0 && position === undefined) order[at] = next;
  else {
    order = order.filter((n) => n !== name && n !== next);
    if (next !== null) {
      const names = order.filter((n) => n !== '*');
      const target = Math.min(position ?? names.length, names.length);
      const index =
        target < names.length ? order.indexOf(names[target]) : names.length === 0 ? 0 : order.indexOf(names.at(-1)) + 1;
      order.splice(index, 0, next);
    }
  }
  ui['ui:order'] = order;
}

/**
 * RJSF offers an "Add" button on an object with patternProperties unless its UI says
 * `"ui:options": {"expandable": false}`, as every step with conditional fields does: said when the
 * mirror comes, taken out when it goes.
 */
function followMirror(form: StepForm, hadMirror: boolean): void {
  const hasMirror = mirrorNames(form.schema).length > 0;
  if (hasMirror === hadMirror) return;
  const ui = form.uiSchema;
  const options = isJsonObject(ui['ui:options']) ? { ...ui['ui:options'] } : {};
  if (hasMirror) options.expandable = false;
  else if (options.expandable === false) delete options.expandable;
  if (!hasMirror && Object.keys(options).length === 0) {
    delete ui['ui:options'];
    return;
  }
  if ('ui:options' in ui) ui['ui:options'] = options;
  else {
    // Where the files write it: after ui:order.
    const entries = Object.entries(ui);
    const at = entries.findIndex(([key]) => key === 'ui:order') + 1;
    entries.splice(at, 0, ['ui:options', options]);
    for (const key of Object.keys(ui)) delete ui[key];
    Object.assign(ui, Object.fromEntries(entries));
  }
}

/**
 * Adds, changes or (spec null) removes one question of a step, as the files of schemas/ write it: its
 * property (at the root, or inside allOf/then under its condition with the patternProperties mirror),
 * `required`, its UI entry, its place in ui:order and its texts in both languages. A text the question
 * no longer uses goes unless another place uses it. `name` is the field as loaded (spec.name differs
 * for a rename). Pure: the set given is never changed.
 */
export function writeQuestion(
  set: FormsSet,
  step: string,
  name: string,
  spec: QuestionSpec | null,
  position?: number,
): FormsSet {
  const out = structuredClone(set);
  const form = stepForm(out, step);
  const { schema, uiSchema: ui } = form;
  const old = findField(schema, name);
  const before = old ? fieldTextKeys(old.schema, ui[name]) : new Set<string>();
  const hadMirror = mirrorNames(schema).length > 0;
  if (!spec) {
    if (old) removeField(schema, old);
    delete ui[name];
    placeInOrder(form, name, null);
  } else {
    // What the model does not decide is kept only from a field that is a question (not from a table).
    const base = old && readQuestion(set, step, name) ? { schema: old.schema, ui: ui[name] as Json } : undefined;
    const made = questionSchema(step, spec, base);
    if (old && spec.name === name && samePlace(old, spec.show_when))
      replaceField(schema, old, made.schema, spec.required);
    else {
      if (old) removeField(schema, old);
      addField(schema, spec.name, made.schema, spec.required, spec.show_when);
    }
    if (spec.name !== name) delete ui[name];
    if (Object.keys(made.ui).length > 0) ui[spec.name] = made.ui;
    else delete ui[spec.name];
    placeInOrder(form, name, spec.name, position);
    for (const [key, text] of made.texts) putLocalized(out, key, text);
  }
  followMirror(form, hadMirror);
  dropUnusedTexts(out, before);
  return out;
}

export { uiOrder };
