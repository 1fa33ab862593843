import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { TEXTS_CSV_COLUMNS, type ExportTextsAnswer, type ImportTextsAnswer } from '../../shared/api/studio';
import { FORM_TEXT_MAX, formTextFault } from '../../shared/studio/text-rule';
import { ApiError } from '../http/envelope';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { auditLine } from './studio-audit';
import { markOf, TEXTS_ITEM } from './studio-items';
import { textEntries, withTexts, type TextEntry } from '../../shared/studio';
import type { StudioRepository } from './studio-repository';
import { conflict, type StudioService } from './studio-service';

type Row = Record<(typeof TEXTS_CSV_COLUMNS)[number], string> & { line: number };

/** A spreadsheet's line ends inside a text are the wizard's (\n). */
const lines = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * A cell a spreadsheet would take for a formula (=, +, -, @, or a tab or carriage return first, as
 * `=HYPERLINK(…)`), after any quotes that already start it: exported behind a quote, which the
 * spreadsheet shows as text. The import takes that one quote away again, so a text comes back as it
 * went (a text of its own starting with quotes before such a character gets one more, taken away alike).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const QUOTED_FORMULA = /^'+[=+\-@\t\r]/;
export const csvCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
export const csvText = (cell: string) => (QUOTED_FORMULA.test(cell) ? cell.slice(1) : cell);

/**
 * The translation round trip: the draft's texts as CSV for a translator (key, English, Swahili, and
 * the English as it was exported, so that an English change made after the export is found on import),
 * and the file read back: Swahili (and English edited in the file) of known keys are updated, and the
 * keys still missing a language, changed in English since the export, or unknown are told.
 */
export class StudioTexts {
  constructor(
    private readonly repository: StudioRepository,
    private readonly studio: StudioService,
  ) {}

  async exportTexts(actor: StaffActor): Promise<ExportTextsAnswer> {
    const draft = await this.studio.draft();
    const rows = textEntries(draft.set).map((e) => [e.key, e.en, e.sw, e.en].map(csvCell));
    const csv = stringify([[...TEXTS_CSV_COLUMNS], ...rows], { record_delimiter: '\r\n' });
    await this.repository.addAudit(auditLine(actor, 'export_texts', `revision ${draft.revision}`));
    return { csv, file_name: `kibali-texts-draft-${draft.revision}.csv` };
  }

  async importTexts(actor: StaffActor, base: number, csv: string): Promise<ImportTextsAnswer> {
    const rows = readCsv(csv);
    refuseTexts(rows);
    let outcome: Pick<ImportTextsAnswer, 'updated' | 'missing' | 'changed_in_english' | 'unknown'> | undefined;
    const draft = await this.studio.edit(actor, 'import_texts', (current) => {
      if (markOf(current.marks, TEXTS_ITEM).revision !== base) throw conflict(current, TEXTS_ITEM);
      const now = new Map(textEntries(current.set).map((e) => [e.key, e]));
      const changes = new Map<string, TextEntry>();
      const unknown: string[] = [];
      const changedInEnglish: string[] = [];
      for (const row of rows) {
        const entry = now.get(row.key);
        if (!entry) {
          unknown.push(row.key);
          continue;
        }
        if (lines(row.en_at_export) !== entry.en) changedInEnglish.push(row.key);
        const editedEnglish = lines(row.en) !== lines(row.en_at_export);
        const en = editedEnglish && row.en.trim() !== '' ? lines(row.en) : entry.en;
        // An empty cell is a text not translated yet, never a text to remove.
        const sw = row.sw.trim() !== '' ? lines(row.sw) : entry.sw;
        if (en !== entry.en || sw !== entry.sw) changes.set(row.key, { key: row.key, en, sw });
      }
      const set = changes.size > 0 ? withTexts(current.set, [...changes.values()]) : current.set;
      const missing = textEntries(set)
        .filter((e) => e.en.trim() === '' || e.sw.trim() === '')
        .map((e) => e.key);
      outcome = { updated: changes.size, missing, changed_in_english: changedInEnglish, unknown };
      return { set, raise: [TEXTS_ITEM], subject: `${changes.size} texts` };
    });
    return { ...(await this.studio.answer(draft)), ...outcome! };
  }
}

/** 422, nothing changed, when a text the file brings breaks the studio's text rule (the first one is told). */
function refuseTexts(rows: Row[]): void {
  for (const row of rows)
    for (const text of [row.en, row.sw]) {
      const fault = formTextFault(lines(text));
      if (fault)
        throw new ApiError(
          422,
          fault === 'hidden' ? 'studio.csv_text_hidden' : 'studio.csv_text_too_long',
          { line: row.line, key: row.key },
          { line: row.line, key: row.key, max: FORM_TEXT_MAX },
        );
    }
}

/** The file's rows, by its header; 422 with the line of the first fault, and nothing changed. */
function readCsv(csv: string): Row[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it is in the file (its line, told with a text refused).
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      throw new ApiError(422, 'studio.csv_malformed', { line: error.lines }, { line: error.lines });
    throw error;
  }
  const [first, ...body] = records;
  const header = first?.record ?? [];
  const at = TEXTS_CSV_COLUMNS.map((column) => header.map((h) => h.trim()).indexOf(column));
  if (at.some((i) => i < 0))
    throw new ApiError(
      422,
      'studio.csv_columns',
      { line: 1, columns: [...TEXTS_CSV_COLUMNS] },
      { columns: TEXTS_CSV_COLUMNS.join(', ') },
    );
  return body.map(({ record, info }) => {
    const row = { line: info.lines } as Row;
    TEXTS_CSV_COLUMNS.forEach((column, i) => (row[column] = csvText(record[at[i]!] ?? '')));
    row.key = row.key.trim();
    return row;
  });
}
