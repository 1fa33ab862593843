import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import type { DatabaseKind } from '../../src/server/db/database';
import type { FieldError } from '../../src/shared/envelope';
import type { RequiredDocument, Splash } from '../../src/shared/reference-data';
import {
  api,
  buildingSteps,
  call,
  codesOf,
  confirmedEngineer,
  draft,
  eventsOf,
  engineerProofs,
  FINAL,
  madeUpUploads,
  personal,
  REFERENCE,
  REPAIR,
  rowCount,
  sample,
  SAVE,
  SPECIAL,
  stored,
  validation,
  withReferenceIds,
  without,
  type Answers,
} from './application-fixtures';
import {
  createTestApp,
  databaseKinds,
  post,
  uploadDocuments,
  uploadFile,
  type Envelope,
  type TestApp,
  type TestAppOptions,
} from './helpers';

// Submitting a whole application: save_final, request_maintainence, request_noDrawings. Every step is
// validated again, and every required document must be named by an attachment uploaded to this very
// draft as that document: so each test saves a draft and uploads tiny real files to it first.

/** An app with a temporary data directory of its own for the uploads (removed on close), listening for them. */
async function uploadingApp(
  kind: DatabaseKind,
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-submit-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  let t: TestApp;
  try {
    t = await createTestApp({ ...overrides, DATA_DIR: dataDir }, { ...options, kind });
  } catch (error) {
    remove();
    throw error;
  }
  const close = async () => {
    try {
      await t.close();
    } finally {
      remove();
    }
  };
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await close();
    throw error;
  }
  return { ...t, close };
}

const getSplash = async (t: TestApp) =>
  (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;

/** The uploads step naming only the given documents, from one that names more. */
const naming = (uploads: { documents: Record<string, string> }, codes: string[]) => ({
  documents: Object.fromEntries(codes.map((code) => [code, uploads.documents[code]!])),
});

/** Each document once, by code (the drawings are in both storey lists). */
const byCode = (documents: RequiredDocument[]) => [...new Map(documents.map((d) => [d.code, d])).values()];

const byPath = (errors: FieldError[] | undefined) => [...(errors ?? [])].sort((a, b) => a.path.localeCompare(b.path));
const documentErrors = (codes: string[], message: string | undefined) =>
  codes.map((code) => ({ path: `/uploads/documents/${code}`, message }));

describe.each(databaseKinds)('submitting (%s)', (kind) => {
  /** The app's own engineer proofs (the repair and special flows have no engineer step). */
  let t: TestApp;
  /** Engineer proofs of the test's own: GOOD_TOKEN confirms the sample engineer. */
  let tp: TestApp;
  let splash: Splash;
  /** The documents every application needs; those of a building of up to three storeys; of more. */
  let normal: RequiredDocument[];
  let short: RequiredDocument[];
  let long: RequiredDocument[];

  beforeAll(async () => {
    [t, tp] = await Promise.all([uploadingApp(kind), uploadingApp(kind, {}, { engineerProofs })]);
    splash = await getSplash(t);
    normal = splash.normal_attachments;
    short = [...normal, ...splash.not_more_than_three_attachments];
    long = [...normal, ...splash.more_than_three_attachments];
    expect(codesOf(normal)).toContain('sheha_letter');
    // A PNG for the documents that take only images, a PDF for the others.
    expect(normal.find((d) => d.code === 'passport_photo')?.accept).not.toContain('application/pdf');
  });
  afterAll(() => Promise.all([t?.close(), tp?.close()]));

  /** A draft with its first steps saved and each of `documents` uploaded to it: its number and uploads step. */
  async function withDocuments(app: TestApp, type: string, steps: [string, Answers][], documents: RequiredDocument[]) {
    const reference = await draft(app, type, steps);
    return { reference, uploads: await uploadDocuments(app.app, reference, documents) };
  }
  const repairWithDocuments = () => withDocuments(t, 'repair', [['personal', personal()]], normal);
  const repairAnswers = (uploads: Answers) => ({
    personal: personal(),
    repair: sample('repair ok (affects neighbours)'),
    uploads,
  });

  describe('request_maintainence', () => {
    it('submits the whole repair application and confirms its reference number', async () => {
      const { reference, uploads } = await repairWithDocuments();
      const data = repairAnswers(uploads);
      const res = await call(t, REPAIR, { reference_number: reference, data });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ reference_number: reference, status: 'submitted' });
      expect(reference).toMatch(REFERENCE);
      expect(res.message).toBe(api.en.submitted!.replace('{{reference_number}}', reference));
      expect(res.message).toContain(reference);
      const row = await stored(t, reference);
      expect(row).toMatchObject({ application_type: 'repair', status: 'submitted', step_number: 3, answers: data });
      expect(row.submitted_at).toBeInstanceOf(Date);
    });

    it('a Submit sent again with its save_id (its answer lost) answers as the first and submits once', async () => {
      const { reference, uploads } = await repairWithDocuments();
      const body = { reference_number: reference, data: repairAnswers(uploads), save_id: randomUUID() };
      const first = await call(t, REPAIR, body);
      expect(first.status).toBe(200);
      const submittedAt = (await stored(t, reference)).submitted_at;
      const events = await eventsOf(t, reference);
      const again = await call(t, REPAIR, body);
      expect([again.status, again.data]).toEqual([200, first.data]);
      // Without the key, the same Submit is refused: it was submitted already.
      expect((await call(t, REPAIR, { ...body, save_id: undefined })).status).toBe(409);
      expect((await stored(t, reference)).submitted_at).toEqual(submittedAt);
      expect(await eventsOf(t, reference)).toEqual(events);
    });

    it('two sends of one Submit at once submit once, and both are answered as submitted', async () => {
      const { reference, uploads } = await repairWithDocuments();
      const body = { reference_number: reference, data: repairAnswers(uploads), save_id: randomUUID() };
      const answers = await Promise.all([call(t, REPAIR, body), call(t, REPAIR, body)]);
      expect(answers.map((a) => [a.status, a.data])).toEqual([
        [200, { reference_number: reference, status: 'submitted' }],
        [200, { reference_number: reference, status: 'submitted' }],
      ]);
      expect((await eventsOf(t, reference)).filter((e) => e === 'submitted')).toHaveLength(1);
    });

    it("a stranger who sends a Submit's save_id with its reference number learns nothing (404)", async () => {
      const { reference, uploads } = await repairWithDocuments();
      const body = { reference_number: reference, data: repairAnswers(uploads), save_id: randomUUID() };
      expect((await call(t, REPAIR, body)).status).toBe(200);
      const stranger = await post<Envelope>(t.app, REPAIR, { ...body, declaration: true }, {}, { asStranger: true });
      expect(stranger.status).toBe(404);
      expect(stranger.body?.response.data).toEqual({});
    });

    it('confirms in Swahili when asked', async () => {
      const { reference, uploads } = await repairWithDocuments();
      const data = repairAnswers(uploads);
      const res = await call(t, REPAIR, { reference_number: reference, data }, { 'accept-language': 'sw' });
      expect(res.status).toBe(200);
      expect(res.message).toBe(api.sw.submitted!.replace('{{reference_number}}', reference));
    });

    it.each([
      [
        'without the repair step',
        (data: Answers) => delete data.repair,
        [{ path: '/repair', message: validation.en.required }],
      ],
      [
        'with the disclaimer not agreed',
        (data: Answers) => ((data.repair as Answers).disclaimer_agreed = false),
        [{ path: '/repair/disclaimer_agreed', message: validation.en.const }],
      ],
      [
        "without the Sheha's letter",
        (data: Answers) => delete ((data.uploads as Answers).documents as Answers).sheha_letter,
        [{ path: '/uploads/documents/sheha_letter', message: validation.en.required }],
      ],
      [
        'with a step that is not in the repair flow',
        (data: Answers) => (data.engineer = confirmedEngineer),
        [{ path: '/engineer', message: validation.en.additionalProperties }],
      ],
    ])('refuses the application %s (422) and stores nothing', async (_label, change, errors) => {
      const { reference, uploads } = await repairWithDocuments();
      const data = repairAnswers(uploads);
      change(data);
      const [count, before] = [await rowCount(t), await stored(t, reference)];
      const res = await call(t, REPAIR, { reference_number: reference, data });
      expect(res.status).toBe(422);
      expect(res.data.errors).toEqual(errors);
      expect(await rowCount(t)).toBe(count);
      expect(await stored(t, reference)).toEqual(before);
    });

    it('says which documents are missing', async () => {
      const { reference } = await repairWithDocuments();
      const res = await call(t, REPAIR, { reference_number: reference, data: repairAnswers({}) });
      expect(res.status).toBe(422);
      expect(res.message).toBe(api.en.documents_missing);
      expect(res.data.errors).toEqual(documentErrors(codesOf(normal), validation.en.required));
    });

    it('refuses a request with no draft behind it: its documents cannot have been uploaded to it', async () => {
      const { reference, uploads } = await repairWithDocuments();
      const count = await rowCount(t);
      for (const named of [uploads, madeUpUploads(codesOf(normal))]) {
        const res = await call(t, REPAIR, { data: repairAnswers(named) });
        expect(res.status).toBe(422);
        expect(res.message).toBe(api.en.documents_missing);
        expect(res.data.errors).toEqual(documentErrors(codesOf(normal), validation.en.invalid));
      }
      expect(await rowCount(t)).toBe(count);
      expect((await stored(t, reference)).status).toBe('draft');
    });
  });

  describe('request_noDrawings', () => {
    const specialDraft = () => withDocuments(t, 'special', [['personal', sample('personal ok (passport)')]], normal);
    const specialAnswers = (uploads: Answers) => ({
      personal: sample('personal ok (passport)'),
      special_plot: sample('special_plot ok'),
      building_details: withReferenceIds('building_details', sample('building_details ok'), splash),
      uploads,
    });

    it('submits the whole special application with the normal documents only', async () => {
      const { reference, uploads } = await specialDraft();
      const data = specialAnswers(uploads);
      const res = await call(t, SPECIAL, { reference_number: reference, data });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ reference_number: reference, status: 'submitted' });
      expect(res.message).toContain(reference);
      const row = await stored(t, reference);
      expect(row).toMatchObject({ application_type: 'special', status: 'submitted', step_number: 4, answers: data });
    });

    it('refuses it without the building details or with a step of another flow', async () => {
      const { reference, uploads } = await specialDraft();
      const [count, before] = [await rowCount(t), await stored(t, reference)];
      const partial = without(specialAnswers(uploads), 'building_details');
      const missing = await call(t, SPECIAL, { reference_number: reference, data: partial });
      expect(missing.status).toBe(422);
      expect(missing.data.errors).toEqual([{ path: '/building_details', message: validation.en.required }]);
      const other = await call(t, SPECIAL, {
        reference_number: reference,
        data: { ...specialAnswers(uploads), repair: sample('repair ok (no neighbours)') },
      });
      expect(other.status).toBe(422);
      expect(other.data.errors).toEqual([{ path: '/repair', message: validation.en.additionalProperties }]);
      expect(await rowCount(t)).toBe(count);
      expect(await stored(t, reference)).toEqual(before);
    });
  });

  describe('save_final', () => {
    it('refuses to submit a draft with a step missing', async () => {
      const { reference, uploads } = await repairWithDocuments();
      const before = await stored(t, reference);
      const res = await call(t, FINAL, { application_type: 'repair', reference_number: reference, data: { uploads } });
      expect(res.status).toBe(422);
      expect(res.data.errors).toEqual([{ path: '/repair', message: validation.en.required }]);
      expect(await stored(t, reference)).toEqual(before);
    });

    it('submits a repair draft with its last step; afterwards it can no longer be changed (409)', async () => {
      const { reference, uploads } = await withDocuments(
        t,
        'repair',
        [
          ['personal', personal()],
          ['repair', sample('repair ok (no neighbours)')],
        ],
        normal,
      );
      const res = await call(t, FINAL, { application_type: 'repair', reference_number: reference, data: { uploads } });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ reference_number: reference, status: 'submitted' });
      const submitted = await stored(t, reference);
      expect(submitted).toMatchObject({
        status: 'submitted',
        step_number: 3,
        answers: { personal: personal(), repair: sample('repair ok (no neighbours)'), uploads },
      });

      const changed = { ...personal(), first_name: 'Changed' };
      for (const [url, body] of [
        [SAVE, { application_type: 'repair', step_number: 1, data: changed, reference_number: reference }],
        [SAVE, { application_type: 'repair', step_number: 3, data: {}, reference_number: reference }],
        [FINAL, { application_type: 'repair', reference_number: reference, data: { personal: changed } }],
        [REPAIR, { reference_number: reference, data: { ...repairAnswers(uploads), personal: changed } }],
      ] as const) {
        const again = await call(t, url, body);
        expect(again.status, url).toBe(409);
        expect(again.message).toBe(api.en.already_submitted);
      }
      const upload = await uploadFile(t.app, { reference_number: reference, document_type: 'sheha_letter' });
      expect(upload.status).toBe(409);
      expect(upload.body?.response.message).toBe(api.en.already_submitted);
      expect(await stored(t, reference)).toEqual(submitted);
    });
  });

  describe('the documents named', () => {
    const repairDraft = () =>
      withDocuments(
        t,
        'repair',
        [
          ['personal', personal()],
          ['repair', sample('repair ok (no neighbours)')],
        ],
        normal,
      );
    const submit = (reference: string, documents: Record<string, string>) =>
      call(t, FINAL, { application_type: 'repair', reference_number: reference, data: { uploads: { documents } } });

    it('must have been uploaded to this application: one of another draft is refused at its path', async () => {
      const mine = await repairDraft();
      const other = await repairDraft();
      const before = await stored(t, mine.reference);
      const documents = { ...mine.uploads.documents, sheha_letter: other.uploads.documents.sheha_letter! };
      const res = await submit(mine.reference, documents);
      expect(res.status).toBe(422);
      expect(res.message).toBe(api.en.documents_missing);
      expect(res.data.errors).toEqual(documentErrors(['sheha_letter'], validation.en.invalid));
      expect(await stored(t, mine.reference)).toEqual(before);
      expect((await stored(t, other.reference)).status).toBe('draft');
      // Its own letter, and nothing else changed: submitted.
      expect((await submit(mine.reference, mine.uploads.documents)).status).toBe(200);
    });

    it('must have been uploaded as that document: one uploaded as another is refused at its path', async () => {
      const { reference, uploads } = await repairDraft();
      const before = await stored(t, reference);
      const { sheha_letter, site_plan } = uploads.documents;
      const one = await submit(reference, { ...uploads.documents, sheha_letter: site_plan! });
      expect(one.status).toBe(422);
      expect(one.data.errors).toEqual(documentErrors(['sheha_letter'], validation.en.invalid));
      const swapped = await submit(reference, {
        ...uploads.documents,
        sheha_letter: site_plan!,
        site_plan: sheha_letter!,
      });
      expect(swapped.status).toBe(422);
      expect(byPath(swapped.data.errors)).toEqual(documentErrors(['sheha_letter', 'site_plan'], validation.en.invalid));
      expect(await stored(t, reference)).toEqual(before);
    });
  });

  describe('a new application', () => {
    it('asks a building of five storeys for the long document list before it is submitted', async () => {
      const { reference, uploads } = await withDocuments(
        tp,
        'new',
        buildingSteps(splash, 5),
        byCode([...short, ...long]),
      );
      const missing = codesOf(long).filter((code) => !codesOf(short).includes(code));
      expect(missing).toContain('structural_calculations');

      const body = (documents: RequiredDocument[]) => ({
        application_type: 'new',
        reference_number: reference,
        data: { uploads: naming(uploads, codesOf(documents)) },
      });
      const refused = await call(tp, FINAL, body(short));
      expect(refused.status).toBe(422);
      expect(refused.data.errors).toEqual(documentErrors(missing, validation.en.required));
      expect((await stored(tp, reference)).status).toBe('draft');

      const res = await call(tp, FINAL, body(long));
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ reference_number: reference, status: 'submitted' });
      const row = await stored(tp, reference);
      expect(row.status).toBe('submitted');
      expect(row.step_number).toBe(7);
      expect(row.answers.uploads).toEqual(naming(uploads, codesOf(long)));
      expect(row.answers.construction).toMatchObject({ has_storeys: true, storey_count: 5 });
    });

    it.each([
      ['new', 3, 200],
      ['new', 4, 422],
      ['government', 3, 200],
      ['government', 4, 422],
    ] as const)(
      'answers a %s building of %i storeys with only the short document list: %i',
      async (type, storeys, status) => {
        const { reference, uploads } = await withDocuments(tp, type, [['personal', personal()]], short);
        const data: Record<string, Answers> = Object.fromEntries(buildingSteps(splash, storeys));
        data.uploads = uploads;
        const res = await call(tp, FINAL, { application_type: type, reference_number: reference, data });
        expect(res.status).toBe(status);
        if (status === 200) expect((await stored(tp, reference)).application_type).toBe(type);
        else
          expect(res.data.errors).toContainEqual({
            path: '/uploads/documents/structural_calculations',
            message: validation.en.required,
          });
      },
    );
  });
});

describe.each(databaseKinds)('submitting after the forms changed (%s)', (kind) => {
  const TOKEN = 'a-staff-token-that-is-long-enough-to-pass';
  let dir: string;
  let t: TestApp;
  let normal: RequiredDocument[];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-schemas-'));
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    t = await uploadingApp(kind, { STAFF_API_TOKEN: TOKEN }, { formsDir: dir });
    normal = (await getSplash(t)).normal_attachments;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('checks a step saved earlier against the rules of now, and says which answer no longer fits', async () => {
    const repair = sample('repair ok (no neighbours)');
    const reference = await draft(t, 'repair', [
      ['personal', personal()],
      ['repair', repair],
    ]);
    const uploads = await uploadDocuments(t.app, reference, normal);
    const before = await stored(t, reference);

    const schemaFile = path.join(dir, 'steps/repair.schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
    expect((repair.repair_description as string).length).toBeGreaterThan(10);
    schema.properties.repair_description.maxLength = 10;
    writeFileSync(schemaFile, JSON.stringify(schema));
    const reload = await post(t.app, '/api/staff/reload_forms', {}, { authorization: `Bearer ${TOKEN}` });
    expect(reload.status).toBe(200);

    const submit = (data: Record<string, Answers>) =>
      call(t, FINAL, { application_type: 'repair', reference_number: reference, data });
    const res = await submit({ uploads });
    expect(res.status).toBe(422);
    expect(res.message).toBe(api.en.validation_failed);
    expect(res.data.errors).toEqual([
      { path: '/repair/repair_description', message: validation.en.maxLength!.replace('{{limit}}', '10') },
    ]);
    expect(await stored(t, reference)).toEqual(before);

    // Answered again to the rules of now, it goes through.
    const shorter = { ...repair, repair_description: 'Repaint.' };
    expect((await submit({ repair: shorter, uploads })).status).toBe(200);
    expect((await stored(t, reference)).answers.repair).toEqual(shorter);
  });
});
