import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../../shared/envelope';
import type { UiSchema } from '../../../shared/forms';
import { moduleOf } from '../../../shared/step-modules';
import type { TranslatedStep } from './translate-schema';

/** The engineer step's Send code button: where "not confirmed" errors lead. */
export const ENGINEER_SEND_ID = 'engineer-send-code';
/** The id of a required document's entry on the documents step. */
export const documentId = (code: string) => `document-${code}`;

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
 * RJSF's id of the field at `parts` of a step ('root_foundation_0_name'), or our own for the fields a
 * step module shows itself (src/shared/step-modules.ts): the engineer's code, the documents.
 */
export function fieldId(form: { schema: unknown } | undefined, parts: string[]): string {
  const module = moduleOf(form);
  if (module === 'engineer' && parts[0] === 'validation_token') return ENGINEER_SEND_ID;
  if (module === 'documents' && parts[0] === 'documents' && parts[1]) return documentId(parts[1]);
  return ['root', ...parts].join('_');
}

/** The translated label of the field at `parts`: its title, after its array's title and row number. */
export function fieldLabel(uiSchema: UiSchema, parts: string[], row: (n: number) => string): string {
  const labels: string[] = [];
  let ui: unknown = uiSchema;
  for (const part of parts) {
    const node = (typeof ui === 'object' && ui !== null ? ui : {}) as Record<string, unknown>;
    if (/^\d+$/.test(part)) {
      ui = node.items;
      labels.push(row(Number(part) + 1));
      continue;
    }
    ui = node[part];
    const title = (ui as Record<string, unknown> | undefined)?.['ui:title'];
    labels.push(typeof title === 'string' && title !== '' ? title : part);
  }
  return labels.join(', ');
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

/** The server's errors as summary lines; `stepOf(step)` gives a translated step (its UI schema for labels). */
export function serverSummary(
  errors: FieldError[],
  stepOf: (step: string) => TranslatedStep | undefined,
  row: (n: number) => string,
  stepTitle: (step: string) => string,
): SummaryItem[] {
  return errors.map((error) => {
    const [step, ...parts] = pointerParts(error.path);
    if (!step) return { message: error.message };
    const translated = stepOf(step);
    if (parts.length === 0 || !translated) return { message: error.message, label: stepTitle(step), step };
    return {
      message: error.message,
      label: fieldLabel(translated.uiSchema, parts, row),
      id: fieldId(translated, parts),
      step,
    };
  });
}
