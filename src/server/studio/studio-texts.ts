import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { TEXTS_CSV_COLUMNS, type ExportTextsAnswer, type ImportTextsAnswer } from '../../shared/api/studio';
import { ApiError } from '../http/envelope';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { auditLine } from './studio-audit';
import { markOf, TEXTS_ITEM } from './studio-items';
import { textEntries, withTexts, type TextEntry } from '../../shared/studio';
import type { StudioRepository } from './studio-repository';
import { conflict, type StudioService } from './studio-service';

type Row = Record<(typeof TEXTS_CSV_COLUMNS)[number], string>;

/** A spreadsheet's line ends inside a text are the wizard's (\n). */
const lines = (text: string) => text.replace(/\r\n?/g, '\n');

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
    const rows = textEntries(draft.set).map((e) => [e.key, e.en, e.sw, e.en]);
    const csv = stringify([[...TEXTS_CSV_COLUMNS], ...rows], { record_delimiter: '\r\n' });
    await this.repository.addAudit(auditLine(actor, 'export_texts', `revision ${draft.revision}`));
    return { csv, file_name: `kibali-texts-draft-${draft.revision}.csv` };
  }

  async importTexts(actor: StaffActor, base: number, csv: string): Promise<ImportTextsAnswer> {
    const rows = readCsv(csv);
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

/** The file's rows, by its header; 422 with the line of the first fault, and nothing changed. */
function readCsv(csv: string): Row[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: false });
  } catch (error) {
    if (error instanceof CsvError)
      throw new ApiError(422, 'studio.csv_malformed', { line: error.lines }, { line: error.lines });
    throw error;
  }
  const [header = [], ...body] = records;
  const at = TEXTS_CSV_COLUMNS.map((column) => header.map((h) => h.trim()).indexOf(column));
  if (at.some((i) => i < 0))
    throw new ApiError(
      422,
      'studio.csv_columns',
      { line: 1, columns: [...TEXTS_CSV_COLUMNS] },
      { columns: TEXTS_CSV_COLUMNS.join(', ') },
    );
  return body.map((record) => {
    const row = {} as Row;
    TEXTS_CSV_COLUMNS.forEach((column, i) => (row[column] = record[at[i]!] ?? ''));
    row.key = row.key.trim();
    return row;
  });
}
