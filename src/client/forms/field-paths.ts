import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../shared/envelope';
import type { UiSchema } from '../../shared/forms';
import { isJsonObject } from '../../shared/schema-walk';
import { capitalized, inRow, rowWords, type RowStrings } from './row-words';
import type { TranslatedStep } from './translate-schema';

/** One line of the error summary; `id` is the field it links to, `step` the step it is on. */
export interface SummaryItem {
  message: string;
  label?: string;
  id?: string;
  step?: string;
}

/** '/construction/ward' → ['construction', 'ward'] (JSON pointer, unescaped). */
export function pointerParts(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * RJSF's id of the field at `parts` of a step ('root_foundation_0_name'), or, for a field its step module
 * shows itself (the engineer's code, a document), the id the module gives it (TranslatedStep.fieldIdOf).
 */
export function fieldId(form: Pick<TranslatedStep, 'fieldIdOf'> | undefined, parts: string[]): string {
  const own = form?.fieldIdOf?.(parts);
  if (own !== undefined) return own;
  return ['root', ...parts].join('_');
}

/**
 * The translated label of the field at `parts` of a step whose answers are `answers`: its title, after the
 * row it is in, in words ("Room or area 1 in ground floor, Area (m²)", "Floor 2, Floor"): a row's words
 * (row-words.ts) name its table and the row that table is in.
 */
export function fieldLabel(uiSchema: UiSchema, parts: string[], strings: RowStrings, answers?: unknown): string {
  const labels: string[] = [];
  let ui: unknown = uiSchema;
  let data: unknown = answers;
  let outer: { words: string; at: number } | undefined;
  for (const part of parts) {
    const node = isJsonObject(ui) ? ui : {};
    if (/^\d+$/.test(part)) {
      const index = Number(part);
      const item = Array.isArray(data) ? (data[index] as unknown) : undefined;
      const words = inRow(rowWords(node, index, item, strings), outer?.words, strings);
      // In place of the table's title (and of the row it is in): the words say both.
      const at = outer?.at ?? Math.max(0, labels.length - 1);
      labels.splice(at, labels.length - at, words);
      outer = { words, at };
      ui = node.items;
      data = item;
      continue;
    }
    ui = node[part];
    data = isJsonObject(data) ? data[part] : undefined;
    const title = isJsonObject(ui) ? ui['ui:title'] : undefined;
    labels.push(typeof title === 'string' && title !== '' ? title : part);
  }
  return capitalized(labels.join(', '));
}

/** The server's 422 errors about `step`, as RJSF extraErrors: shown on the fields like its own. */
export function extraErrorsFor(errors: FieldError[], step: string): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const error of errors) {
    const [first, ...rest] = pointerParts(error.path);
    if (first !== step || rest.length === 0) continue;
    let node = schema;
    for (const part of rest) node = (node[part] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(error.message);
  }
  return schema as ErrorSchema;
}

/**
 * The server's errors as summary lines; `stepOf(step)` gives a translated step (its UI schema for labels),
 * `answersOf(step)` the answers sent (the rows' words are read from them).
 */
export function serverSummary(
  errors: FieldError[],
  stepOf: (step: string) => TranslatedStep | undefined,
  strings: RowStrings,
  stepTitle: (step: string) => string,
  answersOf: (step: string) => unknown = () => undefined,
): SummaryItem[] {
  return errors.map((error) => {
    const [step, ...parts] = pointerParts(error.path);
    if (!step) return { message: error.message };
    const translated = stepOf(step);
    if (parts.length === 0 || !translated) return { message: error.message, label: stepTitle(step), step };
    return {
      message: error.message,
      label: fieldLabel(translated.uiSchema, parts, strings, answersOf(step)),
      id: fieldId(translated, parts),
      step,
    };
  });
}
