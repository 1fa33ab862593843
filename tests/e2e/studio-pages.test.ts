import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEXTS_CSV_COLUMNS, type StudioDraftAnswer } from '../../src/shared/api/studio';
import { axeCheck, pastTheEdge, useBrowser } from './browser';
import { LANGUAGES, tr, type Lng } from './locales';
import {
  callAs,
  navLink,
  openStep,
  previewFrame,
  signIn,
  stopStudioServer,
  STUDIO_TIMEOUT_MS,
  studioServer,
  studioText,
  switchLanguage,
  unexpected,
  type StudioServer,
} from './studio-helpers';

/**
 * Issue 18: the translation round trip in the browser (the CSV downloaded, a Swahili text changed,
 * the file uploaded back, its result lists shown, the change in the draft); and every studio page
 * checked with axe in both languages and at 320 px (WCAG 1.4.10 reflow), as an administrator sees
 * them (the audit is theirs alone).
 */

const { newPage } = useBrowser();
/** WCAG 1.4.10: content reflows at 320 CSS px without scrolling in two directions. */
const NARROW = { width: 320, height: 740 };

type Row = Record<(typeof TEXTS_CSV_COLUMNS)[number], string>;

describe('the studio’s pages', () => {
  let running: StudioServer;
  const server = () => running.server;

  beforeAll(async () => {
    running = await studioServer([
      ['rehema.editor', 'Rehema Ali', 'policy_editor'],
      ['asha.admin', 'Asha Mohamed', 'admin'],
    ]);
  }, 180_000);
  afterAll(() => stopStudioServer(running));

  test(
    'the translation round trip: the CSV downloaded, a Swahili text changed and uploaded back, the result listed, the change in the draft',
    async () => {
      const lng: Lng = 'en';
      const editor = running.users[0]!;
      const { page, context, errors } = await newPage({ baseUrl: server().url, language: lng });
      await signIn(page, editor, lng);
      await navLink(page, lng, 'nav.translations').click();
      await page.getByRole('heading', { level: 1, name: studioText(lng, 'translations.title') }).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: studioText(lng, 'translations.download'), exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
      const rows = parse<Row>(text, { columns: true, skip_empty_lines: true });
      expect(Object.keys(rows[0]!)).toEqual([...TEXTS_CSV_COLUMNS]);
      const street = rows.find((row) => row.key === 'personal.street.title')!;
      expect(street).toMatchObject({
        en: tr('en', 'forms:personal.street.title'),
        sw: tr('sw', 'forms:personal.street.title'),
      });

      // The translator's changes: one Swahili text reworded; one row whose English changed since it was
      // translated (as if exported before an English edit); one key the draft does not have.
      const reworded = 'Mtaa au kijiji unachoishi sasa';
      const changed = rows.find((row) => row.key !== street.key && row.en && row.sw)!;
      const edited = rows.map((row) =>
        row === street ? { ...row, sw: reworded } : row === changed ? { ...row, en_at_export: `${row.en} (old)` } : row,
      );
      edited.push({ key: 'nowhere.nothing.title', en: 'Nothing', sw: 'Hakuna', en_at_export: 'Nothing' });
      const csv = stringify(edited, { header: true, columns: [...TEXTS_CSV_COLUMNS] });
      await page
        .getByLabel(studioText(lng, 'translations.file'))
        .setInputFiles({ name: 'texts-sw.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
      await page.getByRole('button', { name: studioText(lng, 'translations.upload'), exact: true }).click();

      await page.getByText(studioText(lng, 'translations.updated', { count: 1 })).waitFor();
      const list = (title: string): Locator => page.getByRole('region', { name: title });
      await list(studioText(lng, 'translations.unknown', { count: 1 }))
        .getByText('nowhere.nothing.title', { exact: true })
        .waitFor();
      await list(studioText(lng, 'translations.changed_in_english', { count: 1 }))
        .getByText(changed.key, { exact: true })
        .waitFor();

      // In the draft: the new Swahili, the English untouched; the diff says it in words.
      const draft = await callAs<StudioDraftAnswer>(context, server(), 'get_draft');
      const texts = draft.draft.set.texts as unknown as Record<Lng, { personal: { street: { title: string } } }>;
      expect(texts.sw.personal.street.title).toBe(reworded);
      expect(texts.en.personal.street.title).toBe(tr('en', 'forms:personal.street.title'));
      await navLink(page, lng, 'nav.diff').click();
      await page
        .getByRole('listitem')
        .filter({
          hasText: studioText(lng, 'changes.text_changed', {
            which: studioText(lng, 'changes.language.sw'),
            label: tr('en', 'forms:personal.street.title'),
            before: tr('sw', 'forms:personal.street.title'),
            after: reworded,
          }),
        })
        .waitFor();
      // An editor sees no Publish.
      await page.getByText(studioText(lng, 'publish.publishers_only')).waitFor();
      expect(await page.getByRole('button', { name: studioText(lng, 'publish.button'), exact: true }).count()).toBe(0);
      expect(unexpected(errors)).toEqual([]);
    },
    STUDIO_TIMEOUT_MS,
  );

  /** axe, then nothing past the right edge at 320 px. */
  async function check(page: Page, what: string): Promise<void> {
    await axeCheck(page);
    expect(await pastTheEdge(page), `${what} at 320 px`).toEqual([]);
  }

  test(
    'axe on every studio page in both languages, each reflowed at 320 px',
    async () => {
      const admin = running.users[1]!;
      const { page, errors } = await newPage({ baseUrl: server().url, language: 'en', viewport: NARROW });
      await page.goto('/studio');
      for (const lng of LANGUAGES) {
        if (lng !== 'en') await switchLanguage(page, lng);
        await page.getByRole('heading', { level: 1, name: studioText(lng, 'sign_in.title') }).waitFor();
        await check(page, `sign-in (${lng})`);
      }
      await switchLanguage(page, 'en');
      await signIn(page, admin, 'en');

      for (const lng of LANGUAGES) {
        if (lng !== 'en') await switchLanguage(page, lng);
        const pages: [link: string, ready: () => Locator][] = [
          ['nav.overview', () => page.getByRole('heading', { level: 2, name: studioText(lng, 'overview.flows') })],
          ['nav.flows', () => page.getByRole('heading', { level: 2, name: studioText(lng, 'flows.government') })],
          [
            'nav.documents',
            () => page.getByRole('heading', { level: 2, name: studioText(lng, 'documents.add.heading') }),
          ],
          ['nav.fees', () => page.getByRole('heading', { level: 2, name: studioText(lng, 'flows.government') })],
          ['nav.diff', () => page.getByRole('heading', { level: 2, name: studioText(lng, 'impact.title') })],
          [
            'nav.history',
            () => page.getByRole('heading', { level: 2, name: studioText(lng, 'history.version', { version: 1 }) }),
          ],
          ['nav.translations', () => page.getByRole('button', { name: studioText(lng, 'translations.download') })],
          ['nav.audit', () => page.getByText(studioText(lng, 'audit.caption'))],
        ];
        for (const [link, ready] of pages) {
          await navLink(page, lng, link).click();
          await ready().waitFor();
          await check(page, `${link} (${lng})`);
        }
        // The step editor, with its two preview phones rendered.
        const title = tr(lng, 'forms:personal.title');
        await openStep(page, lng, title);
        await previewFrame(page, lng, 'en')
          .getByText(tr('en', 'forms:personal.title'), { exact: true })
          .first()
          .waitFor();
        await previewFrame(page, lng, 'sw')
          .getByText(tr('sw', 'forms:personal.title'), { exact: true })
          .first()
          .waitFor();
        await check(page, `step editor (${lng})`);
      }
      expect(unexpected(errors)).toEqual([]);
    },
    STUDIO_TIMEOUT_MS,
  );
});
