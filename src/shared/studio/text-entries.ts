import { translationKeys, walkSchema, type FormsSet } from '../forms';
import { LANGUAGES } from '../reference-data';
import { isJsonObject } from '../schema-walk';
import { APPLICATION_TYPES } from '../wizard-driver';
import { stepFields } from './step-fields';
import { putLocalized, textKeysOf, textOf } from './step-texts';
import { uiOrder } from './step-view';

/** One form text in both languages ('' where a language has none): a row of the translation round trip. */
export interface TextEntry {
  key: string;
  en: string;
  sw: string;
}

/** The steps as the applicant meets them: each flow in turn, then any step no flow asks. */
export function stepsInFlowOrder(set: Pick<FormsSet, 'steps' | 'flows'>): string[] {
  const steps: string[] = [];
  for (const type of APPLICATION_TYPES)
    for (const step of set.flows?.[type] ?? [])
      if (Object.hasOwn(set.steps, step) && !steps.includes(step)) steps.push(step);
  for (const step of Object.keys(set.steps).sort()) if (!steps.includes(step)) steps.push(step);
  return steps;
}

/** A step's fields in the order the applicant meets them: ui:order, then the others in schema order. */
export function fieldsInOrder(set: FormsSet, step: string): string[] {
  const form = set.steps[step]!;
  const declared = stepFields(form.schema).map((f) => f.name);
  const names = uiOrder(form.uiSchema).filter((n) => declared.includes(n));
  for (const name of declared) if (!names.includes(name)) names.push(name);
  return names;
}

/** A step's text keys as the applicant meets them: its title and description, then each field's. */
export function stepTextKeys(set: FormsSet, step: string): string[] {
  const form = set.steps[step]!;
  const keys: string[] = [];
  const add = (key: unknown) => typeof key === 'string' && !keys.includes(key) && keys.push(key);
  add(form.schema.title);
  add(form.schema.description);
  const places = stepFields(form.schema);
  for (const name of fieldsInOrder(set, step)) {
    const field = places.find((f) => f.name === name)!.schema;
    const ui = isJsonObject(form.uiSchema[name]) ? form.uiSchema[name] : {};
    // Label, description, format, options; then help and placeholder; then a table's own (rows, columns).
    walkSchema(field, (node) => {
      add(node.title);
      add(node.description);
      add(node['x-format-description']);
    });
    for (const word of ['ui:help', 'ui:placeholder', 'ui:title', 'ui:description']) add(ui[word]);
    for (const key of translationKeys({ schema: field, uiSchema: ui })) add(key);
  }
  for (const key of translationKeys(form)) add(key);
  return keys;
}

/** Every text of the set, as the applicant meets them (flow order), then the texts no step uses in file order. */
export function textEntries(set: FormsSet): TextEntry[] {
  const keys = new Set<string>();
  for (const step of stepsInFlowOrder(set)) for (const key of stepTextKeys(set, step)) keys.add(key);
  for (const language of LANGUAGES) for (const key of textKeysOf(set.texts[language])) keys.add(key);
  return [...keys].map((key) => ({
    key,
    en: textOf(set.texts.en, key) ?? '',
    sw: textOf(set.texts.sw, key) ?? '',
  }));
}

/** The set with these texts in both languages (a language with '' loses its text). Pure. */
export function withTexts(set: FormsSet, entries: readonly TextEntry[]): FormsSet {
  const out = structuredClone(set);
  for (const entry of entries) putLocalized(out, entry.key, { en: entry.en, sw: entry.sw });
  return out;
}
