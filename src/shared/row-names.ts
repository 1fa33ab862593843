import { isJsonObject } from './schema-walk';

/**
 * A table's own words for its rows, named in its UI schema as text keys of the form texts
 * (`"ui:options": { "rowNames": { "add": "<key>", "row": "<key>" } }`):
 * - `add`, the Add button: "Add a room or area to {{parent}}" ({{parent}}, the row it is in, if any);
 * - `row`, one row as words: "floor {{floor}}", "room or area {{n}}" ({{n}}, its number; any other
 *   placeholder, a field of the row, e.g. its floor number);
 * - `zero`, optional, the words of a row whose fields that `row` names are all 0: "ground floor", not
 *   "floor 0".
 * A table without them, or a row whose field is not answered yet, keeps the generic words ("Add a row to
 * Floors", "entry 2 of Floors").
 */
export interface RowNames {
  add?: string;
  row?: string;
  zero?: string;
}

export const ROW_NAME_WORDS = ['add', 'row', 'zero'] as const;

/** The rowNames of a UI schema node (its text keys, or their texts once translated). */
export function rowNamesOf(ui: unknown): RowNames | undefined {
  const options = isJsonObject(ui) ? ui['ui:options'] : undefined;
  const names = isJsonObject(options) ? options.rowNames : undefined;
  if (!isJsonObject(names)) return undefined;
  const out: RowNames = {};
  for (const word of ROW_NAME_WORDS) if (typeof names[word] === 'string') out[word] = names[word];
  return out;
}

/** The {{placeholders}} of a text. */
export const placeholdersOf = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]!)),
];

/** The text with each {{placeholder}} filled in, or undefined when one has no value. */
export function fillText(text: string, values: Record<string, unknown>): string | undefined {
  let missing = false;
  const filled = text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if ((typeof value !== 'string' || value === '') && typeof value !== 'number') missing = true;
    return String(value ?? '');
  });
  return missing ? undefined : filled;
}

/** The fields of the row a `row` text names: its placeholders but {{n}}, the row's number. */
export const rowFieldsOf = (text: string): string[] => placeholdersOf(text).filter((name) => name !== 'n');

/**
 * One row in its table's own words (`names`: the translated rowNames texts), from its answers and its
 * number `n` (from 1): "floor 2", "ground floor" (a floor 0, `zero`), "room or area 1"; undefined when the
 * table names no rows or a field its words name is not answered yet.
 */
export function rowText(
  names: RowNames | undefined,
  row: Readonly<Record<string, unknown>>,
  n: number,
): string | undefined {
  if (!names?.row) return undefined;
  const fields = rowFieldsOf(names.row);
  const values = { ...row, n };
  if (names.zero && fields.length > 0 && fields.every((field) => row[field] === 0)) return fillText(names.zero, values);
  return fillText(names.row, values);
}
