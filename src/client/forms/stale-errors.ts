import { deepEquals, type ErrorSchema, type RJSFValidationError } from '@rjsf/utils';
import type { FieldError } from '../../shared/envelope';
import { pointerParts, type SummaryItem } from './field-paths';
import { errorProperty } from './validation-messages';

/**
 * An error a step shows: a line of the summary and, when it is about one of the step's answers (`parts`
 * in them), the message under that field. Both go when the field is valid again (issue 17, item 8).
 */
export interface ShownError {
  item: SummaryItem;
  parts?: string[];
  /** From the server (a 422 after a save), which may know more than the browser's validator. */
  server: boolean;
}

/** The browser validator's errors as shown errors. */
export function clientErrors(
  errors: RJSFValidationError[],
  itemOf: (error: RJSFValidationError, parts: string[]) => SummaryItem,
): ShownError[] {
  return errors.map((error) => {
    const parts = errorProperty(error).split('.').filter(Boolean);
    return { item: itemOf(error, parts), parts: parts.length > 0 ? parts : undefined, server: false };
  });
}

/** The server's errors as shown errors: `items` are their summary lines, one per error, in order. */
export function serverErrors(errors: FieldError[], items: SummaryItem[], step: string): ShownError[] {
  return errors.map((error, i) => {
    const [first, ...rest] = pointerParts(error.path);
    const parts = first === step && rest.length > 0 ? rest : undefined;
    return { item: items[i] ?? { message: error.message }, parts, server: true };
  });
}

/** The errors shown on the fields, as RJSF's extraErrors (the one source of inline errors). */
export function errorSchemaOf(errors: ShownError[]): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const { parts, item } of errors) {
    if (!parts) continue;
    let node = schema;
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(item.message);
  }
  return schema as ErrorSchema;
}

const valueAt = (data: unknown, parts: string[]): unknown =>
  parts.reduce<unknown>(
    (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
    data,
  );

/**
 * The errors that still stand once the answers changed: an error about a field stays while the step's
 * validator still finds one there (`fresh`), and a server's error also while its answer is the one that
 * was sent (`sent`), since the server may know what the browser cannot check. Errors about no field of
 * this step (another step, the whole application) stay until the next save.
 */
export function stillStanding(
  errors: ShownError[],
  fresh: RJSFValidationError[],
  answers: unknown,
  sent: unknown,
): ShownError[] {
  const invalid = new Set(fresh.map(errorProperty));
  return errors.filter(({ parts, server }) => {
    if (!parts) return true;
    if (invalid.has(parts.join('.'))) return true;
    return server && deepEquals(valueAt(answers, parts), valueAt(sent, parts));
  });
}
