import type { DocumentRule, FormsSet, JsonSchema, UiSchema } from '../forms';
import type { LocalizedText } from '../reference-data';
import type { Flows } from '../wizard-driver';
import { dropUnusedTexts } from './question-write';
import { putLocalized } from './step-texts';
import { hasWords } from './question-schema';
import { stepForm } from './step-view';
import { translationKeys } from '../forms';

/**
 * A step's title and description in both languages, under the keys its schema names (`<step>.title`,
 * `<step>.description` when it names none). A description with no words is taken out.
 */
export function writeStepTexts(
  set: FormsSet,
  step: string,
  texts: { title?: LocalizedText; description?: LocalizedText },
): FormsSet {
  const out = structuredClone(set);
  const { schema } = stepForm(out, step);
  for (const part of ['title', 'description'] as const) {
    const text = texts[part];
    if (!text) continue;
    const key = typeof schema[part] === 'string' ? schema[part] : `${step}.${part}`;
    if (part === 'description' && !hasWords(text)) {
      delete schema.description;
      dropUnusedTexts(out, [key]);
      continue;
    }
    schema[part] = key;
    putLocalized(out, key, text);
  }
  return out;
}

/**
 * Advanced mode: a step's schema and UI schema as given (a new step when there is none by that name).
 * Texts the old files used and the new ones do not are taken out; the checker tells what is missing.
 */
export function writeStepRaw(set: FormsSet, step: string, schema: JsonSchema, uiSchema: UiSchema): FormsSet {
  const out = structuredClone(set);
  const old = Object.hasOwn(out.steps, step) ? out.steps[step] : undefined;
  out.steps[step] = { schema: structuredClone(schema), uiSchema: structuredClone(uiSchema) };
  if (old) dropUnusedTexts(out, translationKeys(old));
  return out;
}

/** A step taken out of the forms: its files, its place in every flow, the texts only it used. */
export function removeStep(set: FormsSet, step: string): FormsSet {
  const out = structuredClone(set);
  const old = stepForm(out, step);
  delete out.steps[step];
  for (const type of Object.keys(out.flows) as (keyof Flows)[])
    out.flows[type] = out.flows[type].filter((s) => s !== step);
  dropUnusedTexts(out, translationKeys(old));
  return out;
}

export function writeFlows(set: FormsSet, flows: Flows): FormsSet {
  return { ...structuredClone(set), flows: structuredClone(flows) };
}

/**
 * Adds, replaces or (rule null) removes the document `id` (a rule with another id renames it). Where:
 * `position` in the list (0-based), else where it is, else at the end.
 */
export function writeDocument(set: FormsSet, id: string, rule: DocumentRule | null, position?: number): FormsSet {
  const out = structuredClone(set);
  const documents = out.documents;
  const at = documents.findIndex((d) => d.id === id);
  if (at >= 0) documents.splice(at, 1);
  if (rule) {
    const where = position ?? (at >= 0 ? at : documents.length);
    documents.splice(Math.min(where, documents.length), 0, structuredClone(rule));
  }
  return out;
}
