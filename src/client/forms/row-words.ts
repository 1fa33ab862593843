import { rowNamesOf, rowText } from '../../shared/row-names';
import { isJsonObject } from '../../shared/schema-walk';
import { ROW_STRINGS } from './row-strings';

/**
 * The generic words of a row (common.json wizard.rows: "entry %1 of %2", "entry %1", "%1 in %2"), by
 * their key and parts: RJSF's translateString in the form, `rowStrings(t)` elsewhere.
 */
export type RowStrings = (key: string, parts: string[]) => string;

/** common.json's wizard.rows texts through `t`, their %1, %2 filled in as RJSF fills its own. */
export const rowStrings =
  (t: (key: string) => string): RowStrings =>
  (key, parts) =>
    t(key).replace(/%(\d)/g, (whole, i: string) => parts[Number(i) - 1] ?? whole);

/**
 * Row `index` (from 0) of a table in words, from its translated UI schema (`tableUi`: its rowNames texts
 * and title) and the row's answers: the table's own words ("floor 2", "ground floor", "room or area 1",
 * src/shared/row-names.ts), else the generic ones ("entry 2 of Floors"). Not within the row it is in:
 * see `inRow`.
 */
export function rowWords(tableUi: unknown, index: number, row: unknown, strings: RowStrings): string {
  const n = String(index + 1);
  const title = isJsonObject(tableUi) ? tableUi['ui:title'] : undefined;
  return (
    rowText(rowNamesOf(tableUi), isJsonObject(row) ? row : {}, index + 1) ??
    (typeof title === 'string' && title ? strings(ROW_STRINGS.row, [n, title]) : strings(ROW_STRINGS.rowAlone, [n]))
  );
}

/** A row's words within the row its table is in, if any: "room or area 1 in ground floor". */
export const inRow = (words: string, outer: string | undefined, strings: RowStrings): string =>
  outer ? strings(ROW_STRINGS.in, [words, outer]) : words;

/** Words as a heading or a label starts: "Ground floor", "Sakafu ya 2". */
export const capitalized = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);
