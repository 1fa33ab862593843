import { rowNamesOf, rowText } from '../../../shared/row-names';
import { isJsonObject } from '../../../shared/schema-walk';

/** The generic words of a row (common.json wizard.rows), for a table that does not name its rows its own way. */
export interface RowStrings {
  /** "entry 2 of Floors". */
  row: (n: string, table: string) => string;
  /** "entry 2", a table without a title. */
  rowAlone: (n: string) => string;
  /** "room or area 1 in floor 2": a row of a table inside a row. */
  in: (inner: string, outer: string) => string;
}

/** common.json's wizard.rows texts ("%1", "%2" for the parts, as RJSF's own) through `t`. */
export function rowStrings(t: (key: string) => string): RowStrings {
  const fill = (key: string, ...parts: string[]) =>
    t(key).replace(/%(\d)/g, (whole, i: string) => parts[Number(i) - 1] ?? whole);
  return {
    row: (n, table) => fill('wizard.rows.row', n, table),
    rowAlone: (n) => fill('wizard.rows.row_alone', n),
    in: (inner, outer) => fill('wizard.rows.in', inner, outer),
  };
}

/**
 * Row `index` (from 0) of a table in words, from its translated UI schema (`tableUi`: its rowNames texts
 * and title) and the row's answers: the table's own words ("floor 2", "ground floor", "room or area 1",
 * src/shared/row-names.ts), else the generic ones ("entry 2 of Floors"). Not within the row it is in:
 * see `inRow`.
 */
export function rowWords(tableUi: unknown, index: number, row: unknown, strings: RowStrings): string {
  const n = index + 1;
  const own = rowText(rowNamesOf(tableUi), isJsonObject(row) ? row : {}, n);
  if (own) return own;
  const title = isJsonObject(tableUi) ? tableUi['ui:title'] : undefined;
  return typeof title === 'string' && title !== '' ? strings.row(String(n), title) : strings.rowAlone(String(n));
}

/** A row's words within the row its table is in, if any: "room or area 1 in ground floor". */
export const inRow = (words: string, outer: string | undefined, strings: RowStrings): string =>
  outer ? strings.in(words, outer) : words;

/** Words as a heading or a label starts: "Ground floor", "Sakafu ya 2". */
export const capitalized = (text: string): string =>
  text === '' ? text : `${text.charAt(0).toLocaleUpperCase()}${text.slice(1)}`;
