import { isJsonObject } from './schema-walk';

/**
 * A table's own words for its rows, named in its UI schema as text keys of the form texts
 * (`"ui:options": { "rowNames": { "add": "<key>", "row": "<key>" } }`):
 * - `add`, the Add button: "Add a room or area to {{parent}}" ({{parent}}, the row it is in, if any);
 * - `row`, one row as words: "floor {{floor}}", "room or area {{n}}" ({{n}}, its number; any other
 *   placeholder, a field of the row, e.g. its floor number).
 * A table without them keeps the generic words ("Add a row to Floors", "row 2 of Floors").
 */
export interface RowNames {
  add?: string;
  row?: string;
}

export const ROW_NAME_WORDS = ['add', 'row'] as const;

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
