import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { stepSample, withReferenceIds } from '../fixtures/step-samples';
import { FORMS_RECHECK_MS } from '../../src/server/forms/form-registry';
import { SCHEMAS_DIR } from '../../src/server/project-root';
import type { DocumentRule, FormsDocument } from '../../src/shared/forms';
import type { Splash } from '../../src/shared/reference-data';
import { ADMIN_URL, createDatabase, type ThrowawayDatabase } from '../faults/postgres';
import {
  draftCookieFor,
  isRunning,
  killAll,
  post,
  ROOT,
  startServer,
  stop,
  type Answer,
  type ServerProcess,
} from '../faults/server-process';
import { useBrowser } from './browser';
import { LANGUAGES, tr, type Lng } from './locales';
import { OPTIONAL_DOCUMENT } from '../fixtures/optional-document';
import { withSeededContacts } from '../fixtures/seeded-engineers';

/**
 * Issue 16, "Tests that must show it", first sentence: each of the policy officer's five changes done
 * as data in a copy of schemas/, published through one server process (reload_forms), then seen in
 * Chromium on the OTHER process, in English and Swahili, and enforced by that other process: no build,
 * no restart, two processes sharing one PostgreSQL database. Steps the browser is not showing go
 * through the API. The changes build on each other (versions 2 to 6), so the tests run in order.
 */

const { newPage } = useBrowser();
/** A phone's width: the screenshots (test-results/forms-published-live/) are what an applicant sees. */
const PHONE = { width: 360, height: 740 };
const SHOTS = path.join(ROOT, 'test-results', 'forms-published-live');
/** The other server serves a version within FORMS_RECHECK_MS; the rest is a request on a loaded machine. */
const SEEN_WITHIN_MS = FORMS_RECHECK_MS + 1500;

type Json = Record<string, unknown>;
type ContinueData = { reference_number: string; application_type: string; step_number: number; data: Json };

/** The tests' step answers (tests/fixtures/step-samples.ts: the flows' samples and a few variants). */
const sample = (label: string): Json => stepSample(label);

/** The changes, as a policy officer makes them: in a folder in the layout of schemas/. */
class FormsFolder {
  constructor(readonly dir: string) {}

  edit(file: string, change: (json: Json) => void): void {
    const full = path.join(this.dir, file);
    const json = JSON.parse(readFileSync(full, 'utf8')) as Json;
    change(json);
    writeFileSync(full, `${JSON.stringify(json, null, 2)}\n`);
  }

  texts(lng: Lng): Json {
    return JSON.parse(readFileSync(path.join(this.dir, `texts/${lng}.json`), 'utf8')) as Json;
  }

  /** A form text of the folder, e.g. 'construction.plot_number.title'. */
  text(lng: Lng, key: string): string {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Json | undefined)?.[part], this.texts(lng));
    if (typeof value !== 'string') throw new Error(`No form text ${lng}:${key}`);
    return value;
  }
}

const TITLE_DEED = {
  pattern: '^[A-Z]{2}/[0-9]{4,6}$',
  en: {
    title: 'Title deed number',
    help: 'As written on your title deed: two capital letters, a slash and 4 to 6 digits, for example ZN/12345.',
  },
  sw: {
    title: 'Namba ya hati miliki',
    help: 'Kama ilivyoandikwa kwenye hati miliki yako: herufi kubwa mbili, alama ya mkwaju (/) na tarakimu 4 hadi 6, kwa mfano ZN/12345.',
  },
};
const STREET_SW = 'Mtaa au kijiji unachoishi';

/** 1. A new required field with a format: the title deed number of the construction step. */
function addTitleDeed(folder: FormsFolder): void {
  folder.edit('steps/construction.schema.json', (schema) => {
    (schema.properties as Json).title_deed_number = {
      type: 'string',
      title: 'construction.title_deed_number.title',
      maxLength: 9,
      pattern: TITLE_DEED.pattern,
    };
    (schema.required as string[]).push('title_deed_number');
  });
  folder.edit('steps/construction.ui.json', (ui) => {
    const order = ui['ui:order'] as string[];
    order.splice(order.indexOf('plot_number') + 1, 0, 'title_deed_number');
    ui.title_deed_number = { 'ui:help': 'construction.title_deed_number.help' };
  });
  for (const lng of LANGUAGES)
    folder.edit(`texts/${lng}.json`, (texts) => {
      (texts.construction as Json).title_deed_number = TITLE_DEED[lng];
    });
}

/** 2. A reworded Swahili label: the street of the personal step. */
function rewordStreet(folder: FormsFolder): void {
  folder.edit('texts/sw.json', (texts) => {
    ((texts.personal as Json).street as Json).title = STREET_SW;
  });
}

/** 3. A new optional document for buildings over three storeys: its rule in documents.json, and nothing else. */
function addConsentDocument(folder: FormsFolder): void {
  folder.edit('documents.json', (documents) => {
    (documents as unknown as DocumentRule[]).push(OPTIONAL_DOCUMENT);
  });
}

/** 4. The utilities step (water, drainage and power) added to the repair flow, before the documents. */
function utilitiesInRepair(folder: FormsFolder): void {
  folder.edit('flows.json', (flows) => {
    flows.repair = ['personal', 'repair', 'building', 'uploads'];
  });
}

/** 5. An optional field removed: the warka number of the construction step, with its texts. */
function removeWarka(folder: FormsFolder): void {
  folder.edit('steps/construction.schema.json', (schema) => {
    delete (schema.properties as Json).warka_number;
  });
  folder.edit('steps/construction.ui.json', (ui) => {
    ui['ui:order'] = (ui['ui:order'] as string[]).filter((key) => key !== 'warka_number');
    delete ui.warka_number;
  });
  for (const lng of LANGUAGES)
    folder.edit(`texts/${lng}.json`, (texts) => {
      delete (texts.construction as Json).warka_number;
    });
}

describe.skipIf(!ADMIN_URL)('five policy edits, published as data, live on two servers sharing PostgreSQL', () => {
  let database: ThrowawayDatabase;
  let temp: string;
  let folder: FormsFolder;
  /** Where the changes are published (its FORMS_DIR is the officer's folder). */
  let a: ServerProcess;
  /** The other process: the browser and the checks of the server's rules go here. */
  let b: ServerProcess;
  let splash: Splash;
  const staffToken = 'forms-published-live-staff-token-0123456789';
  let published = 1;
  let pids: (number | undefined)[] = [];
  /** When the client and the server were built. */
  const builtAt = () =>
    ['dist/client/index.html', 'dist/server/main.js'].map((f) => statSync(path.join(ROOT, f)).mtimeMs);
  let built: number[] = [];

  beforeAll(async () => {
    database = await createDatabase();
    temp = mkdtempSync(path.join(os.tmpdir(), 'kibali-forms-live-'));
    cpSync(SCHEMAS_DIR, path.join(temp, 'forms'), { recursive: true });
    folder = new FormsFolder(path.join(temp, 'forms'));
    mkdirSync(SHOTS, { recursive: true });
    const env = {
      DEV_TOOLS: '1',
      STATIC_DIR: path.join(ROOT, 'dist/client'),
      // One folder for the uploads of both processes, as in production.
      UPLOAD_DIR: path.join(temp, 'uploads'),
      STAFF_API_TOKEN: staffToken,
    };
    // A first: it publishes its folder as version 1; B starts on the database that holds it.
    a = await startServer({
      dataDir: path.join(temp, 'a'),
      databaseUrl: database.url,
      env: { ...env, FORMS_DIR: folder.dir },
    });
    b = await startServer({ dataDir: path.join(temp, 'b'), databaseUrl: database.url, env });
    pids = [a.child.pid, b.child.pid];
    built = builtAt();
    splash = (await call<Splash>(b, '/api/splash/get_splash', {})).data;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stop));
    await killAll();
    await database?.drop();
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  /** A call that must succeed; its answer's data. */
  async function call<D>(server: ServerProcess, url: string, body: unknown, lng: Lng = 'en') {
    const res = await post<D>(server.url, url, body, { headers: { 'accept-language': lng } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body!.response;
  }

  async function servedBy(server: ServerProcess): Promise<FormsDocument> {
    return (await call<FormsDocument>(server, '/api/forms/get_forms', {})).data;
  }

  /**
   * Publishes the officer's folder through A (reload_forms, as the back office does) and waits until B
   * serves that version, which must come within the recheck window: no restart of either.
   */
  async function publish(reason: string): Promise<FormsDocument> {
    const res = await post(
      a.url,
      '/api/staff/reload_forms',
      { reason },
      {
        headers: { authorization: `Bearer ${staffToken}` },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    published += 1;
    expect(res.body!.response.data).toEqual({ version: String(published), published: true });
    const forms = await vi.waitFor(
      async () => {
        const served = await servedBy(b);
        expect(served.version, 'the version B serves').toBe(String(published));
        return served;
      },
      { timeout: SEEN_WITHIN_MS, interval: 50 },
    );
    // The same two processes all along, on the same build: nothing was restarted or built.
    expect([isRunning(a), isRunning(b)]).toEqual([true, true]);
    expect([a.child.pid, b.child.pid]).toEqual(pids);
    expect(builtAt()).toEqual(built);
    return forms;
  }

  async function outboxCode(phone: string, reference: string): Promise<string> {
    const messages = (await call<{ phone: string; message: string }[]>(b, '/api/dev/outbox', {})).data;
    const message = messages.find((sms) => sms.phone === phone && sms.message.includes(reference))?.message ?? '';
    const code = /\b(\d{4,8})\b/.exec(message.replaceAll(reference, ''))?.[1];
    if (!code) throw new Error(`No code for ${reference} to ${phone} in the outbox`);
    return code;
  }

  const personal = (tag: number) => ({
    ...sample('personal ok (passport)'),
    phone: `07770${String(tag).padStart(5, '0')}`,
  });

  /** Saves steps 1.. of a new draft through A; answers its reference number. */
  async function draft(type: 'new' | 'repair', steps: Json[]): Promise<string> {
    let reference: string | undefined;
    for (const [index, data] of steps.entries()) {
      const saved = await call<{ reference_number: string }>(a, '/api/application/save_and_continue', {
        application_type: type,
        step_number: index + 1,
        data,
        ...(reference ? { reference_number: reference } : {}),
      });
      reference = saved.data.reference_number;
    }
    return reference!;
  }

  /** The engineer step, confirmed with the code the engineer received (through the outbox). */
  async function engineerStep(reference: string, tag: number): Promise<Json> {
    // Another engineer for each draft: an engineer is sent one code at a time (30 s apart).
    // Its phone is the seed's: the splash names engineers without their contacts.
    const engineer = withSeededContacts(splash.engineers[tag]!);
    const engineer_id = engineer.registration_number;
    await call(a, '/api/engineer/send_otp', { engineer_id, reference_number: reference });
    const otp = await outboxCode(engineer.mobile, reference);
    const confirmed = await call<{ validation_token: string }>(a, '/api/engineer/validate_otp', {
      engineer_id,
      otp,
      reference_number: reference,
    });
    return { engineer_id, validation_token: confirmed.data.validation_token };
  }

  /** A new-building draft with its personal and engineer steps saved: the wizard opens it at construction. */
  async function draftAtConstruction(tag: number): Promise<string> {
    const answers = personal(tag);
    const reference = await draft('new', [answers]);
    await call(a, '/api/application/save_and_continue', {
      application_type: 'new',
      step_number: 2,
      data: await engineerStep(reference, tag),
      reference_number: reference,
    });
    return reference;
  }

  /** Continue application, as the applicant does it (code by SMS): the draft as verify_code answers it. */
  async function continued(reference: string, phone: string): Promise<ContinueData> {
    const start = await call<{ challenge_id: string }>(b, '/api/application/continue_application', {
      reference_number: reference,
    });
    const code = await outboxCode(phone, reference);
    return (
      await call<ContinueData>(b, '/api/application/verify_code', { challenge_id: start.data.challenge_id, code })
    ).data;
  }

  /** The wizard on B at a phone's width in `lng`: a new application, or a continued draft (as Continue leaves it). */
  async function wizard(lng: Lng, opening: { path: string } | { draft: ContinueData }): Promise<Page> {
    const { page, context } = await newPage({ language: lng, baseUrl: b.url, viewport: PHONE });
    if ('draft' in opening) {
      const cookie = draftCookieFor(opening.draft).cookie!;
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: b.url }]);
      await context.addInitScript((kept) => {
        if (sessionStorage.getItem('continue_data')) return;
        sessionStorage.setItem('continue_data', JSON.stringify(kept));
        sessionStorage.setItem('step_number', String(kept.step_number));
        localStorage.setItem('reference_number', kept.reference_number);
      }, opening.draft);
      await page.goto('/home/continue_form');
    } else {
      await page.goto(opening.path);
    }
    return page;
  }

  const heading2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
  const shellText = (lng: Lng, key: string, params?: Record<string, string | number>) => tr(lng, key, params);
  const saveAndContinue = (page: Page, lng: Lng) =>
    page.getByRole('button', { name: shellText(lng, 'wizard.buttons.save_and_continue'), exact: true });
  const summaryLink = (page: Page, lng: Lng, field: string, message: string) =>
    page.getByRole('link', { name: `${folder.text(lng, `${field}.title`)}: ${shellText(lng, message)}`, exact: true });
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

  async function uploadTo(server: ServerProcess, reference: string, document: DocumentRule): Promise<Answer> {
    const pdf = document.accept.includes('application/pdf');
    const form = new FormData();
    form.set('reference_number', reference);
    form.set('document_type', document.id);
    const bytes = pdf
      ? Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n')
      : Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          'base64',
        );
    form.set('file', new Blob([new Uint8Array(bytes)]), pdf ? 'document.pdf' : 'photo.png');
    const res = await fetch(`${server.url}/api/attachment/upload`, {
      method: 'POST',
      body: form,
      headers: { ...draftCookieFor({ reference_number: reference }) },
    });
    return { status: res.status, body: JSON.parse(await res.text()), ms: 0, headers: {} };
  }

  /** Uploads each document; answers the uploads step naming them. */
  async function uploadAll(reference: string, documents: DocumentRule[]): Promise<Json> {
    const named: Record<string, string> = {};
    for (const document of documents) {
      const res = await uploadTo(b, reference, document);
      expect(res.status, `${document.id}: ${JSON.stringify(res.body)}`).toBe(200);
      named[document.id] = (res.body!.response.data as { attachment_id: string }).attachment_id;
    }
    return { documents: named };
  }

  /** The floor areas of a building with `storeys` storeys: one room on each floor, totals worked out. */
  function floors(storeys: number): Json {
    const rows = Array.from({ length: storeys + 1 }, (_, floor) => ({
      floor,
      rooms: [{ room: splash.rooms[0]!.id, area_m2: 20, percent_covered: 5 }],
      area_m2: 20,
      percent_covered: 5,
    }));
    return { floors: rows, total_area_m2: 20 * rows.length, total_percent_covered: 5 * rows.length };
  }

  /** The materials of the building, named by this database's reference ids. */
  function buildingDetails(): Json {
    return withReferenceIds('building_details', sample('building_details ok'), splash);
  }

  test('1. a new required field with a format: shown and explained in both languages, required by the other server', async () => {
    addTitleDeed(folder);
    const forms = await publish('Title deed number, required (two letters, a slash and 4-6 digits)');
    expect(forms.texts.sw).toMatchObject({ construction: { title_deed_number: TITLE_DEED.sw } });

    const phone = personal(1).phone;
    const reference = await draftAtConstruction(1);
    const opened = await continued(reference, phone);
    for (const lng of LANGUAGES) {
      const page = await wizard(lng, { draft: opened });
      await heading2(page, folder.text(lng, 'construction.title')).waitFor();
      const field = page.getByRole('textbox', { name: TITLE_DEED[lng].title, exact: true });
      await field.waitFor();
      await page.getByText(TITLE_DEED[lng].help).waitFor();
      // Left empty: required, by the validator B sends for this version.
      await saveAndContinue(page, lng).click();
      await summaryLink(page, lng, 'construction.title_deed_number', 'validation:required').waitFor();
      // Wrong format: the format's message.
      await field.fill('12345');
      await saveAndContinue(page, lng).click();
      await summaryLink(page, lng, 'construction.title_deed_number', 'validation:pattern').waitFor();
      await field.scrollIntoViewIfNeeded();
      await shot(page, `1-title-deed-${lng}`);
    }

    // B refuses a construction step without it, or in the wrong format, and takes it in the right one.
    const construction = { ...sample('construction ok (none)') };
    delete construction.warka_number;
    const save = (data: Json) =>
      post(b.url, '/api/application/save_and_continue', {
        application_type: 'new',
        step_number: 3,
        data,
        reference_number: reference,
      });
    const errorsOf = (res: Answer) =>
      ((res.body?.response.data as { errors?: { path: string }[] }).errors ?? []).map((e) => e.path);
    const missing = await save(construction);
    expect(missing.status).toBe(422);
    expect(errorsOf(missing)).toEqual(['/construction/title_deed_number']);
    const wrong = await save({ ...construction, title_deed_number: '12345' });
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong)).toEqual(['/construction/title_deed_number']);
    expect((await save({ ...construction, title_deed_number: 'ZN/12345' })).status).toBe(200);
  });

  test('2. a reworded Swahili label: the new words in Swahili, English unchanged', async () => {
    const english = folder.text('en', 'personal.street.title');
    const before = folder.text('sw', 'personal.street.title');
    rewordStreet(folder);
    await publish('Swahili: clearer label for the street');

    for (const lng of LANGUAGES) {
      const page = await wizard(lng, { path: '/home/maintenance' });
      await heading2(page, folder.text(lng, 'personal.title')).waitFor();
      const street = page.getByRole('textbox', { name: lng === 'sw' ? STREET_SW : english, exact: true });
      await street.scrollIntoViewIfNeeded();
      if (lng === 'sw') expect(await page.getByRole('textbox', { name: before, exact: true }).count()).toBe(0);
      await shot(page, `2-street-${lng}`);
    }
  });

  test('3. a new optional document for buildings over three storeys: listed as optional for 4 storeys, not for 2; the other server takes it', async () => {
    addConsentDocument(folder);
    const forms = await publish('Neighbours’ consent letter, optional above three storeys');
    expect(forms.documents.find((d) => d.id === OPTIONAL_DOCUMENT.id)).toEqual(OPTIONAL_DOCUMENT);

    const building = async (storeys: number, tag: number) => {
      const reference = await draftAtConstruction(tag);
      const construction = {
        ...sample('construction ok (none)'),
        has_storeys: true,
        storey_count: storeys,
        title_deed_number: 'ZN/12345',
      };
      for (const [step, data] of [
        [3, construction],
        [4, floors(storeys)],
        [5, sample('building ok (well, power)')],
        [6, buildingDetails()],
      ] as const)
        await call(a, '/api/application/save_and_continue', {
          application_type: 'new',
          step_number: step,
          data,
          reference_number: reference,
        });
      return { reference, opened: await continued(reference, personal(tag).phone) };
    };
    const tall = await building(4, 3);
    const low = await building(2, 4);

    for (const lng of LANGUAGES) {
      let page = await wizard(lng, { draft: tall.opened });
      const choose = (name: string) =>
        page.getByRole('button', { name: shellText(lng, 'wizard.uploads.choose', { document: name }), exact: true });
      await heading2(page, folder.text(lng, 'uploads.title')).waitFor();
      await choose(OPTIONAL_DOCUMENT.name[lng]).waitFor();
      // Marked optional, by its name (h-docs: "Name (Optional)"); the required ones are not.
      await page
        .getByRole('heading', {
          level: 4,
          name: `${OPTIONAL_DOCUMENT.name[lng]} (${shellText(lng, 'wizard.uploads.optional')})`,
        })
        .waitFor();
      await page.getByText(OPTIONAL_DOCUMENT.help[lng]).waitFor();
      await choose(OPTIONAL_DOCUMENT.name[lng]).scrollIntoViewIfNeeded();
      const sheha = forms.documents.find((d) => d.id === 'sheha_letter')!;
      expect(await page.getByRole('heading', { level: 4, name: sheha.name[lng], exact: true }).count()).toBe(1);
      await shot(page, `3-consent-4-storeys-${lng}`);

      // Not for a building of two storeys (once is enough: the list does not depend on the language).
      if (lng !== 'en') continue;
      page = await wizard(lng, { draft: low.opened });
      await heading2(page, folder.text(lng, 'uploads.title')).waitFor();
      await choose(sheha.name[lng]).waitFor();
      expect(await choose(OPTIONAL_DOCUMENT.name[lng]).count()).toBe(0);
      expect(await page.getByText(OPTIONAL_DOCUMENT.name[lng]).count()).toBe(0);
    }

    // B takes the new document for the tall building, and submits it without it (it is optional).
    const required = forms.documents.filter((d) => d.required);
    const consent = await uploadTo(b, tall.reference, OPTIONAL_DOCUMENT);
    expect(consent.status, JSON.stringify(consent.body)).toBe(200);
    const uploads = await uploadAll(tall.reference, required);
    const submitted = await post(b.url, '/api/application/save_final', {
      application_type: 'new',
      data: { uploads },
      reference_number: tall.reference,
      declaration: true,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  });

  test('4. the utilities step added to repair: the wizard has it, and the other server requires it', async () => {
    utilitiesInRepair(folder);
    const forms = await publish('Repairs: ask about water, drainage and power');
    expect(forms.flows.repair).toEqual(['personal', 'repair', 'building', 'uploads']);

    const tag = 5;
    const reference = await draft('repair', [personal(tag), sample('repair ok (no neighbours)')]);
    const opened = await continued(reference, personal(tag).phone);
    for (const lng of LANGUAGES) {
      const page = await wizard(lng, { draft: opened });
      const title = folder.text(lng, 'building.title');
      await heading2(page, title).waitFor();
      await page
        .getByText(shellText(lng, 'wizard.progress.step', { step: 3, total: 4, title }), { exact: true })
        .waitFor();
      await page.getByText(shellText(lng, 'wizard.progress.saved', { done: 2, total: 4 }), { exact: true }).waitFor();
      await shot(page, `4-repair-utilities-${lng}`);
    }

    // B refuses the repair request without the utilities step, and takes it with it.
    const documents = forms.documents.filter(
      (d) => d.required && (d.applies.types?.includes('repair') ?? true) && !d.applies.when?.length,
    );
    const uploads = await uploadAll(reference, documents);
    const body = (data: Json) => ({ reference_number: reference, data, declaration: true });
    const refused = await post(b.url, '/api/application/request_maintainence', body({ uploads }));
    expect(refused.status).toBe(422);
    expect(refused.body!.response.data).toMatchObject({ errors: [{ path: '/building' }] });
    const taken = await post(
      b.url,
      '/api/application/request_maintainence',
      body({ building: sample('building ok (well, power)'), uploads }),
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });

  test('5. an optional field removed: gone from the construction step in both languages', async () => {
    const warka = {
      en: folder.text('en', 'construction.warka_number.title'),
      sw: folder.text('sw', 'construction.warka_number.title'),
    };
    removeWarka(folder);
    const forms = await publish('The warka number is no longer asked');
    expect(Object.keys(forms.steps.construction!.schema.properties as Json)).not.toContain('warka_number');

    const tag = 6;
    const reference = await draftAtConstruction(tag);
    const opened = await continued(reference, personal(tag).phone);
    for (const lng of LANGUAGES) {
      const page = await wizard(lng, { draft: opened });
      await heading2(page, folder.text(lng, 'construction.title')).waitFor();
      // The step is there, with its neighbours of the removed field, and without it.
      await page
        .getByRole('textbox', { name: folder.text(lng, 'construction.plot_number.title'), exact: true })
        .waitFor();
      const titleDeed = page.getByRole('textbox', { name: TITLE_DEED[lng].title, exact: true });
      await titleDeed.scrollIntoViewIfNeeded();
      expect(await page.getByRole('textbox', { name: warka[lng] }).count()).toBe(0);
      expect(await page.getByText(warka[lng]).count()).toBe(0);
      expect(await page.getByText('warka_number').count()).toBe(0);
      await shot(page, `5-no-warka-${lng}`);
    }
  });
});
