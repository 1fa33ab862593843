import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  TEXTS_CSV_COLUMNS,
  type ExportTextsAnswer,
  type ImportTextsAnswer,
  type StudioDraftAnswer,
} from '../../src/shared/api/studio';
import { api } from './application-fixtures';
import { createTestApp, databaseKinds, type TestApp } from './helpers';
import { draftNow, revisionOf, signedIn, studio, type SignedIn } from './studio-fixtures';

// The translation round trip (issue 18, item 2): the draft's texts exported as CSV for a translator and
// imported back; unchanged is no update, a Swahili text changed in the file is imported, an English text
// changed since the export and a text still missing are flagged, a malformed file changes nothing.

type Row = Record<(typeof TEXTS_CSV_COLUMNS)[number], string>;

describe.each(databaseKinds)('the translation round trip, on %s', (kind) => {
  let t: TestApp;
  let editor: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    editor = await signedIn(t, 'policy_editor', 'Asha Editor');
    // Staff accounts hash their passwords (argon2id): seconds on a busy machine.
  }, 120_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    expect((await studio(t, editor, 'discard_draft')).status).toBe(200);
  });

  async function exported(): Promise<{ csv: string; rows: Row[] }> {
    const res = await studio<ExportTextsAnswer>(t, editor, 'export_texts');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { csv, file_name } = res.body!.response.data;
    expect(file_name).toMatch(/\.csv$/);
    return { csv, rows: parse<Row>(csv, { columns: true }) };
  }
  const toCsv = (rows: Row[]) => stringify(rows, { header: true, columns: [...TEXTS_CSV_COLUMNS] });
  const importCsv = async (csv: string, headers: Record<string, string> = {}) => {
    const view = await draftNow(t, editor);
    return studio<ImportTextsAnswer>(t, editor, 'import_texts', { base: revisionOf(view, 'texts'), csv }, headers);
  };
  const sw = (answer: StudioDraftAnswer) => answer.draft.set.texts.sw as Record<string, Record<string, unknown>>;

  it('exports every text with both languages and the English at export', async () => {
    const { csv, rows } = await exported();
    expect(csv.split('\r\n')[0]).toBe(TEXTS_CSV_COLUMNS.join(','));
    const title = rows.find((r) => r.key === 'repair.title')!;
    const draft = await draftNow(t, editor);
    expect(title.en).toBe((draft.draft.set.texts.en as Record<string, Record<string, unknown>>).repair!.title);
    expect(title.sw).toBe(sw(draft).repair!.title);
    expect(title.en_at_export).toBe(title.en);
    expect(rows.length).toBeGreaterThan(50);
  });

  it('importing the file unchanged updates nothing; a Swahili text changed in it is imported', async () => {
    const { csv, rows } = await exported();
    const unchanged = await importCsv(csv);
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
    expect(unchanged.body!.response.data).toMatchObject({ updated: 0, changed_in_english: [], unknown: [] });

    const edited = rows.map((r) =>
      r.key === 'repair.title' ? { ...r, sw: 'Matengenezo ya jengo (tafsiri mpya)' } : r,
    );
    // A spreadsheet's export: a byte order mark and CRLF line ends.
    const res = await importCsv(`\ufeff${toCsv(edited).replace(/\n/g, '\r\n')}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body!.response.data;
    expect(answer.updated).toBe(1);
    expect(sw(answer).repair!.title).toBe('Matengenezo ya jengo (tafsiri mpya)');
    expect(sw(await draftNow(t, editor)).repair!.title).toBe('Matengenezo ya jengo (tafsiri mpya)');
  });

  it('flags an English text changed since the export, texts still missing, and keys the draft does not have', async () => {
    const { rows } = await exported();
    // After the export an editor rewords the English title of the repair step.
    const view = await draftNow(t, editor);
    const reworded = await studio(t, editor, 'save_step', {
      step: 'repair',
      base: revisionOf(view, 'step:repair'),
      title: { en: 'Repair of a building', sw: '' },
    });
    expect(reworded.status, JSON.stringify(reworded.body)).toBe(200);

    const file = [...rows, { key: 'no.such.key', en: 'Nothing', sw: 'Hakuna', en_at_export: 'Nothing' }];
    const res = await importCsv(toCsv(file));
    expect(res.status).toBe(200);
    const answer = res.body!.response.data;
    expect(answer.changed_in_english).toEqual(['repair.title']);
    expect(answer.unknown).toEqual(['no.such.key']);
    // The file's (old) Swahili fills the title that the save left without one, and it is still flagged above.
    expect(answer.missing).not.toContain('repair.title');

    const emptied = rows.map((r) => (r.key === 'repair.description' ? { ...r, sw: '' } : r));
    const view2 = await draftNow(t, editor);
    await studio(t, editor, 'save_step', {
      step: 'repair',
      base: revisionOf(view2, 'step:repair'),
      description: { en: 'Describe the repair.', sw: '' },
    });
    const again = await importCsv(toCsv(emptied));
    expect(again.body!.response.data.missing).toContain('repair.description');
  });

  it('a malformed file is refused with its line, in the editor’s language, and nothing changes', async () => {
    const { csv } = await exported();
    const before = await draftNow(t, editor);
    const audited = async () =>
      (await t.database.db.selectFrom('studio_audit').select('action').execute()).filter(
        (a) => a.action === 'import_texts',
      ).length;
    const importsBefore = await audited();
    const lines = csv.split('\r\n');
    lines[3] = `${lines[3]},"an unclosed quote`;
    const res = await importCsv(lines.join('\r\n'), { 'accept-language': 'sw' });
    expect(res.status).toBe(422);
    expect(res.body!.response.data).toEqual({ line: expect.any(Number) });
    const line = (res.body!.response.data as unknown as { line: number }).line;
    const words = (api.sw as unknown as { studio: Record<string, string> }).studio.csv_malformed;
    expect(res.body!.response.message).toBe(words!.replace('{{line}}', String(line)));

    const noHeader = await importCsv('a,b\r\nc,d\r\n');
    expect(noHeader.status).toBe(422);
    const after = await draftNow(t, editor);
    expect(after.draft.revision).toBe(before.draft.revision);
    expect(after.draft.set.texts).toEqual(before.draft.set.texts);
    expect(await audited()).toBe(importsBefore);
  });
});
