import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import type { FormsDocument } from '../../src/shared/forms';
import type { FormsChanged } from '../../src/shared/forms-changed';
import type { RequiredDocument, Splash } from '../../src/shared/reference-data';
import { call, personal, sample, SAVE, stored, without, type Answers } from './application-fixtures';
import { createTestApp, databaseKinds, post, uploadDocuments, type Envelope, type TestApp } from './helpers';

// Issue 16, item 5: a draft saved under one forms version, continued and submitted under the next.
// Each test starts from the forms of schemas/ (published again), saves a draft, publishes one policy
// edit (done as data, in a copy of the folder) and continues the draft as its applicant would.

const TOKEN = 'drafts-across-versions-token';
const auth = { authorization: `Bearer ${TOKEN}` };
const CONTINUE_SUBMIT = '/api/application/submit_application';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Opened {
  reference_number: string;
  application_type: string;
  step_number: number;
  data: Record<string, Answers>;
  forms_changed?: FormsChanged;
}

const readJson = (dir: string, file: string): Json => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
const writeJson = (dir: string, file: string, value: unknown) =>
  writeFileSync(path.join(dir, file), `${JSON.stringify(value, null, 2)}\n`);
/** Edits one JSON file of the forms folder in place. */
const edit = (dir: string, file: string, change: (json: Json) => void) => {
  const json = readJson(dir, file);
  change(json);
  writeJson(dir, file, json);
};

/** The policy officer's edits, as data. */
const edits = {
  /** (a) A new required field with a format: the building permit's number, two letters, a slash and 4–6 digits. */
  newRequiredField(dir: string) {
    edit(dir, 'steps/repair.schema.json', (schema) => {
      schema.properties.permit_number = {
        type: 'string',
        title: 'repair.permit_number.title',
        maxLength: 20,
        pattern: '^[A-Z]{2}/[0-9]{4,6}$',
      };
      schema.required.push('permit_number');
    });
    edit(dir, 'steps/repair.ui.json', (ui) => ui['ui:order'].splice(1, 0, 'permit_number'));
    edit(dir, 'texts/en.json', (texts) => (texts.repair.permit_number = { title: 'Number of the building permit' }));
    edit(dir, 'texts/sw.json', (texts) => (texts.repair.permit_number = { title: 'Namba ya kibali cha ujenzi' }));
  },
  /** (b) An optional field removed: the applicant's email. */
  removeOptionalField(dir: string) {
    edit(dir, 'steps/personal.schema.json', (schema) => delete schema.properties.email);
    edit(dir, 'steps/personal.ui.json', (ui) => {
      ui['ui:order'] = ui['ui:order'].filter((name: string) => name !== 'email');
      delete ui.email;
    });
    for (const language of ['en', 'sw']) edit(dir, `texts/${language}.json`, (texts) => delete texts.personal.email);
  },
  /** (c) A step added to a flow: the utilities step in the repair flow, before the documents. */
  addStepToRepair(dir: string) {
    edit(dir, 'flows.json', (flows) => (flows.repair = ['personal', 'repair', 'building', 'uploads']));
  },
  /** (d) A reworded label, in both languages. */
  rewordLabel(dir: string) {
    edit(
      dir,
      'texts/en.json',
      (texts) => (texts.repair.street_village.title = 'Street or village where the building is'),
    );
    edit(dir, 'texts/sw.json', (texts) => (texts.repair.street_village.title = 'Mtaa au kijiji lilipo jengo'));
  },
};

describe.each(databaseKinds)('drafts across forms versions (%s)', (kind) => {
  let dir: string;
  let dataDir: string;
  let t: TestApp;
  let documents: RequiredDocument[];

  /** Publishes the folder as it is now (reload_forms): answers the version being served. */
  async function publish(reason: string): Promise<string> {
    const res = await post(t.app, '/api/staff/reload_forms', { reason }, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const forms = (await post(t.app, '/api/forms/get_forms', {})).body!.response.data as unknown as FormsDocument;
    return forms.version;
  }

  /** The applicant continues the draft: the code goes to the draft's phone, and opens it. */
  async function continueDraft(reference: string, language = 'en'): Promise<Opened> {
    const started = await post(t.app, '/api/application/continue_application', { reference_number: reference });
    expect(started.status).toBe(200);
    const challenge = (started.body!.response.data as { challenge_id: string }).challenge_id;
    const outbox = (await post(t.app, '/api/dev/outbox', {})).body!.response.data as unknown as { message: string }[];
    const code = /\b(\d{6})\b/.exec(outbox[0]!.message)![1]!;
    const opened = await post<Envelope<Opened>>(
      t.app,
      '/api/application/verify_code',
      { challenge_id: challenge, code },
      { 'accept-language': language },
    );
    expect(opened.status).toBe(200);
    return opened.body!.response.data;
  }

  /** A repair draft with its personal and repair steps saved and its documents uploaded: its number and uploads step. */
  async function repairDraft(steps: [string, Answers][] = [['personal', personal()]]) {
    let reference: string | undefined;
    const all: [string, Answers][] = [...steps, ['repair', sample('repair ok (affects neighbours)')]];
    for (const [i, [, data]] of all.entries()) {
      const res = await call(t, SAVE, {
        application_type: 'repair',
        step_number: i + 1,
        data,
        reference_number: reference,
      });
      expect(res.status).toBe(200);
      reference = res.data.reference_number!;
    }
    const uploads = await uploadDocuments(t.app, reference!, documents);
    return { reference: reference!, uploads };
  }

  const historyOf = async (reference: string) => {
    const row = await stored(t, reference);
    return t.database.db
      .selectFrom('application_event')
      .select(['status', 'remark'])
      .where('application_id', '=', row.id)
      .orderBy('id')
      .execute();
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-drafts-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-drafts-data-'));
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN, DEV_TOOLS: true, DATA_DIR: dataDir }, { kind, formsDir: dir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
    documents = splash.normal_attachments;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // The forms of schemas/, served again: each test's draft is saved under them.
    rmSync(dir, { recursive: true, force: true });
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    await publish('the forms of schemas/');
  });

  it('(a) a new required field with a format: continue lists it alone, opens its step, and the server enforces it', async () => {
    const { reference, uploads } = await repairDraft();
    const before = await stored(t, reference);
    edits.newRequiredField(dir);
    const version = await publish('building permit number');
    expect(Number(version)).toBe(Number(before.forms_version) + 1);

    const opened = await continueDraft(reference);
    expect(opened.forms_changed).toEqual({
      forms_version: version,
      to_answer: [{ step: 'repair', field: 'permit_number', label: 'repair.permit_number.title' }],
      first_step: 'repair',
    });
    // Every answer still fits and is kept; the draft is now saved under the new version.
    expect(opened.data).toEqual({ personal: personal(), repair: sample('repair ok (affects neighbours)') });
    expect((await stored(t, reference)).forms_version).toBe(Number(version));

    // Submit without it: refused on that field; a wrong format too; then the answer, and the submit.
    const repair = sample('repair ok (affects neighbours)');
    const refused = await call(t, CONTINUE_SUBMIT, {
      reference_number: reference,
      data: { uploads },
      forms_version: version,
    });
    expect(refused.status).toBe(422);
    expect(refused.data.errors?.map((e) => e.path)).toEqual(['/repair/permit_number']);
    const badFormat = await call(t, SAVE, {
      application_type: 'repair',
      step_number: 2,
      data: { ...repair, permit_number: '12345' },
      reference_number: reference,
      forms_version: version,
    });
    expect(badFormat.status).toBe(422);
    expect(badFormat.data.errors?.map((e) => e.path)).toEqual(['/repair/permit_number']);
    const saved = await call(t, SAVE, {
      application_type: 'repair',
      step_number: 2,
      data: { ...repair, permit_number: 'ZN/12345' },
      reference_number: reference,
      forms_version: version,
    });
    expect(saved.status).toBe(200);
    expect(saved.data).not.toHaveProperty('forms_changed');
    const submitted = await call(t, CONTINUE_SUBMIT, {
      reference_number: reference,
      data: { uploads },
      forms_version: version,
    });
    expect(submitted.status).toBe(200);
    expect((await stored(t, reference)).answers).toMatchObject({ repair: { permit_number: 'ZN/12345' } });
  });

  it('(b) an optional field removed: its answer is dropped and recorded in the history, nothing is asked', async () => {
    const { reference, uploads } = await repairDraft();
    edits.removeOptionalField(dir);
    const version = await publish('email no longer asked');

    const opened = await continueDraft(reference);
    expect(opened).not.toHaveProperty('forms_changed');
    expect(opened.data.personal).toEqual(without(personal(), 'email'));
    expect((await stored(t, reference)).answers.personal).toEqual(without(personal(), 'email'));
    const history = await historyOf(reference);
    expect(history).toHaveLength(1);
    expect(history[0]!.status).toBe('forms_changed');
    expect(history[0]!.remark).toContain(`→ ${version}`);
    expect(history[0]!.remark).toContain('/personal/email = "amina.makame@example.com"');

    // A client still sending the old answer (from older forms) is not refused for it.
    const submitted = await call(t, CONTINUE_SUBMIT, {
      reference_number: reference,
      data: { personal: personal(), uploads },
      forms_version: String(Number(version) - 1),
    });
    expect(submitted.status).toBe(200);
    expect((await stored(t, reference)).answers.personal).toEqual(without(personal(), 'email'));
  });

  it('(e) a new optional document: nothing is asked, and the draft is submitted without it', async () => {
    const { reference, uploads } = await repairDraft();
    edit(dir, 'documents.json', (documents) =>
      documents.push({
        id: 'neighbours_consent',
        name: { en: 'Neighbours’ consent letter', sw: 'Barua ya ridhaa ya majirani' },
        help: {
          en: 'A letter signed by the neighbours who share a wall with the building.',
          sw: 'Barua iliyosainiwa na majirani wanaoshiriki ukuta na jengo.',
        },
        accept: ['application/pdf'],
        max_bytes: 5242880,
        required: false,
        drawing_scale: false,
        applies: { types: ['repair'] },
      }),
    );
    const version = await publish('an optional consent letter for repairs');

    const opened = await continueDraft(reference);
    expect(opened).not.toHaveProperty('forms_changed');
    const submitted = await call(t, CONTINUE_SUBMIT, {
      reference_number: reference,
      data: { uploads },
      forms_version: version,
    });
    expect(submitted.status).toBe(200);
    expect((await stored(t, reference)).forms_version).toBe(Number(version));
  });

  it('(c) the utilities step added to the repair flow: continue lists the step and opens it', async () => {
    const { reference, uploads } = await repairDraft();
    const savedUploads = await call(t, SAVE, {
      application_type: 'repair',
      step_number: 3,
      data: uploads,
      reference_number: reference,
    });
    expect(savedUploads.status).toBe(200);
    edits.addStepToRepair(dir);
    const version = await publish('utilities for repairs');

    const opened = await continueDraft(reference, 'sw');
    expect(opened.forms_changed).toEqual({
      forms_version: version,
      to_answer: [{ step: 'building', label: 'building.title' }],
      first_step: 'building',
    });
    expect(Object.keys(opened.data)).toEqual(['personal', 'repair', 'uploads']);
    // Submit before answering it: refused, naming the step.
    const early = await call(t, CONTINUE_SUBMIT, { reference_number: reference, data: {}, forms_version: version });
    expect(early.status).toBe(422);
    expect(early.data.errors?.map((e) => e.path)).toEqual(['/building']);

    const building = await call(t, SAVE, {
      application_type: 'repair',
      step_number: 3,
      data: sample('building ok (well, power)'),
      reference_number: reference,
      forms_version: version,
    });
    expect(building.status).toBe(200);
    expect(building.data.step_number).toBe(4);
    const submitted = await call(t, CONTINUE_SUBMIT, { reference_number: reference, data: {}, forms_version: version });
    expect(submitted.status).toBe(200);
    expect(Object.keys((await stored(t, reference)).answers).sort()).toEqual([
      'building',
      'personal',
      'repair',
      'uploads',
    ]);
  });

  it('(d) a reworded label: nothing is asked, nothing is dropped', async () => {
    const { reference, uploads } = await repairDraft();
    const before = await stored(t, reference);
    edits.rewordLabel(dir);
    const version = await publish('clearer label');
    expect(version).not.toBe(String(before.forms_version));

    const opened = await continueDraft(reference);
    expect(opened).not.toHaveProperty('forms_changed');
    expect(opened.data).toEqual(before.answers);
    expect(await historyOf(reference)).toEqual([]);
    const submitted = await call(t, CONTINUE_SUBMIT, {
      reference_number: reference,
      data: { uploads },
      forms_version: version,
    });
    expect(submitted.status).toBe(200);
  });

  describe('an applicant mid-step during a publish', () => {
    it('the next save of a changed step answers 409 forms_changed with what to answer, not field errors', async () => {
      const old = (await post(t.app, '/api/forms/get_forms', {})).body!.response.data.version as string;
      const first = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 1,
        data: personal(),
        forms_version: old,
      });
      expect(first.status).toBe(200);
      const reference = first.data.reference_number!;
      edits.newRequiredField(dir);
      const version = await publish('building permit number');

      // The repair step as the old forms had it: the server names the new question.
      const repair = sample('repair ok (affects neighbours)');
      const changed = await call(
        t,
        SAVE,
        { application_type: 'repair', step_number: 2, data: repair, reference_number: reference, forms_version: old },
        { 'accept-language': 'sw' },
      );
      expect(changed.status).toBe(409);
      expect(changed.message).toBe(JSON.parse(readFileSync('locales/sw/api.json', 'utf8')).forms_changed);
      expect(changed.data).toEqual({
        forms_version: version,
        to_answer: [{ step: 'repair', field: 'permit_number', label: 'repair.permit_number.title' }],
        first_step: 'repair',
      });
      expect((await stored(t, reference)).answers).toEqual({ personal: personal() });

      // A step the publish did not change is saved as before, from the old forms.
      const again = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 1,
        data: personal(),
        reference_number: reference,
        forms_version: old,
      });
      expect(again.status).toBe(200);
      expect(again.data).not.toHaveProperty('forms_changed');

      // With the new forms, the step is saved once the question is answered.
      const saved = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 2,
        data: { ...repair, permit_number: 'PB/2026' },
        reference_number: reference,
        forms_version: version,
      });
      expect(saved.status).toBe(200);
    });

    it('a save from the old flow after a step was added before it names the new step', async () => {
      const { reference, uploads } = await repairDraft();
      const old = String((await stored(t, reference)).forms_version);
      edits.addStepToRepair(dir);
      const version = await publish('utilities for repairs');
      // The repair step saved from the old forms: the applicant goes on in the flow they see (the documents),
      // never to a step their forms do not have; that step's save then names the new one (below).
      const repair = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 2,
        data: sample('repair ok (no neighbours)'),
        reference_number: reference,
        forms_version: old,
      });
      expect(repair.status).toBe(200);
      expect(repair.data).toMatchObject({ next_step: 'uploads' });
      // Step 3 of the old flow is the documents; the new flow asks the utilities before them.
      const changed = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 3,
        data: uploads,
        reference_number: reference,
        forms_version: old,
      });
      expect(changed.status).toBe(409);
      expect(changed.data).toEqual({
        forms_version: version,
        to_answer: [{ step: 'building', label: 'building.title' }],
        first_step: 'building',
      });
    });
  });
});
