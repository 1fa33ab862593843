import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { personal, sample, SAVE } from '../server/application-fixtures';
import type { RequiredDocument } from '../../src/shared/reference-data';
import {
  createTestApp,
  databaseKinds,
  post,
  uploadDocuments,
  uploadFile,
  type Envelope,
  type TestApp,
} from '../server/helpers';

// The attack: one draft (a reference number is all it takes) uploaded to over and over, to fill the
// server's disk and database. A draft keeps at most a few files per document type: each upload past
// that replaces the oldest one, rows and files both, but never the file the saved answers name.

/** The files a draft keeps per document type (UPLOAD_LIMITS.draftFilesPerDocument), written out: the test states the limit. */
const QUOTA = 3;

describe.each(databaseKinds)('uploads to a draft do not pile up (%s)', (kind) => {
  let t: TestApp;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-quota-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const files = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir }, { kind });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const newDraft = async () =>
    (
      await post<Envelope<{ reference_number: string }>>(t.app, SAVE, {
        application_type: 'repair',
        step_number: 1,
        data: personal(),
      })
    ).body!.response.data.reference_number;
  const rowsOf = async (reference: string, documentType: string) =>
    (
      await t.database.db
        .selectFrom('attachment')
        .innerJoin('application', 'application.id', 'attachment.application_id')
        .select('attachment.id')
        .where('application.reference_number', '=', reference.replace('-', ''))
        .where('attachment.document_type', '=', documentType)
        .execute()
    )
      .map((r) => r.id)
      .sort();
  const upload = async (reference_number: string, document_type: string) => {
    const res = await uploadFile(t.app, { reference_number, document_type });
    expect(res.status).toBe(200);
    return res.body!.response.data.attachment_id!;
  };

  test('20 uploads of one document: at most the quota of rows and files, the newest kept', async () => {
    const reference = await newDraft();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await upload(reference, 'site_plan'));
    const kept = await rowsOf(reference, 'site_plan');
    expect(kept).toHaveLength(QUOTA);
    expect(kept).toEqual(ids.slice(-QUOTA).sort());
    expect(files()).toEqual(kept);
  });

  test('the file the saved answers name is never replaced, and the draft is still submitted with it', async () => {
    const reference = await newDraft();
    const repair = sample('repair ok (no neighbours)');
    const saveStep = (step_number: number, data: Record<string, unknown>) =>
      post(t.app, SAVE, { application_type: 'repair', step_number, reference_number: reference, data });
    expect((await saveStep(2, repair)).status).toBe(200);
    const splash = (await post<Envelope<{ normal_attachments: RequiredDocument[] }>>(t.app, '/api/splash/get_splash'))
      .body!.response.data;
    const before = files();
    // The wizard's uploads step names one file per document; then the applicant keeps uploading one of them.
    const uploads = await uploadDocuments(t.app, reference, splash.normal_attachments);
    expect((await saveStep(3, uploads)).status).toBe(200);
    const code = splash.normal_attachments.find((d) => d.accept.includes('application/pdf'))!.code;
    const named = uploads.documents[code]!;
    const later: string[] = [];
    for (let i = 0; i < 10; i++) later.push(await upload(reference, code));
    const kept = await rowsOf(reference, code);
    expect(kept).toEqual([named, ...later.slice(-(QUOTA - 1))].sort());
    const all = (await Promise.all(splash.normal_attachments.map((d) => rowsOf(reference, d.code)))).flat();
    expect(files().filter((f) => !before.includes(f))).toEqual(all.sort());
    const submitted = await post(t.app, '/api/application/submit_application', {
      reference_number: reference,
      data: {},
      declaration: true,
    });
    expect(submitted.status).toBe(200);
  });
});
