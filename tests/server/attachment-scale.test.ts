import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Splash } from '../../src/shared/reference-data';
import { api, call, draft, personal, REPAIR, sample } from './application-fixtures';
import {
  createTestApp,
  databaseKinds,
  draftCookieHeaders,
  post,
  TINY_PDF,
  uploadDocuments,
  type Envelope,
  type TestApp,
} from './helpers';

// A drawing's scale ('1:100'): an optional multipart field of the upload, checked by the uploads step's
// schema (scales.<code> says which documents are drawings), stored with the attachment, and on submit
// set from the uploads step's answers.

interface Uploaded {
  attachment_id?: string;
  scale?: string | null;
  errors?: { path: string; message: string }[];
}

describe.each(databaseKinds)('the scale of a drawing (%s)', (kind) => {
  let t: TestApp;
  let base = '';
  let splash: Splash;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-scale-'));
  const uploadsDir = path.join(dataDir, 'uploads');

  const upload = async (
    reference: string,
    document_type: string,
    scale?: string,
    headers: Record<string, string> = {},
  ) => {
    const form = new FormData();
    form.set('reference_number', reference);
    form.set('document_type', document_type);
    if (scale !== undefined) form.set('scale', scale);
    form.set('file', new Blob([new Uint8Array(TINY_PDF)]), 'drawing.pdf');
    const res = await fetch(`${base}/api/attachment/upload`, {
      method: 'POST',
      body: form,
      headers: { ...draftCookieHeaders(t.app), ...headers },
    });
    const body = (await res.json()) as Envelope<Uploaded>;
    expect(body.response.code).toBe(res.status);
    return { status: res.status, message: body.response.message, data: body.response.data };
  };
  const row = (id: string) =>
    t.database.db.selectFrom('attachment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stored = async () => ({
    files: existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0,
    rows: (await t.database.db.selectFrom('attachment').select('id').execute()).length,
  });
  const repairDraft = () => draft(t, 'repair', [['personal', personal()]]);
  // Floor plans, elevations and structural drawings are asked of a new building only.
  const newBuildingDraft = () => draft(t, 'new', [['personal', personal()]]);

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir }, { kind });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['site_plan', '1:500'],
    ['floor_plans', '1:100'],
    ['elevations', '1:1'],
    ['structural_drawings', '1:99999'],
  ])('stores the scale of a %s (%s) with the attachment and answers it', async (code, scale) => {
    const res = await upload(await newBuildingDraft(), code, scale);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ scale, status: 'uploaded' });
    expect(await row(res.data.attachment_id!)).toMatchObject({ document_type: code, scale });
  });

  it('keeps no scale when none is sent', async () => {
    const res = await upload(await newBuildingDraft(), 'floor_plans');
    expect(res.status).toBe(200);
    expect(res.data.scale).toBeNull();
    expect((await row(res.data.attachment_id!)).scale).toBeNull();
  });

  it.each(['100', '1:0', '1:050', '1:100000', '2:100', '1:100 ', '1/100', '1:1e3'])(
    'refuses the scale %j before reading the file, and keeps nothing',
    async (scale) => {
      const reference = await newBuildingDraft();
      const before = await stored();
      const res = await upload(reference, 'floor_plans', scale);
      expect(res.status).toBe(422);
      expect(res.message).toBe(api.en.scale_invalid);
      expect(res.data.errors).toEqual([{ path: '/scale', message: api.en.scale_invalid }]);
      expect(await stored()).toEqual(before);
    },
  );

  it('refuses a scale for a document that is not a drawing, in Swahili when asked', async () => {
    const res = await upload(await repairDraft(), 'sheha_letter', '1:100', { 'accept-language': 'sw' });
    expect(res.status).toBe(422);
    expect(res.message).toBe(api.sw.scale_not_drawing);
    expect(res.data.errors).toEqual([{ path: '/scale', message: api.sw.scale_not_drawing }]);
  });

  it('on submit, stores with each attachment the scale the uploads step gives it', async () => {
    const reference = await repairDraft();
    const { documents } = await uploadDocuments(t.app, reference, splash.normal_attachments);
    // The site plan uploaded again with a scale, which the applicant then corrected on the step.
    const replaced = await upload(reference, 'site_plan', '1:100');
    documents.site_plan = replaced.data.attachment_id!;
    const res = await call(t, REPAIR, {
      reference_number: reference,
      data: {
        personal: personal(),
        repair: sample('repair ok (no neighbours)'),
        uploads: { documents, scales: { site_plan: '1:250' } },
      },
    });
    expect(res.status).toBe(200);
    expect((await row(documents.site_plan)).scale).toBe('1:250');
    expect((await row(documents.sheha_letter!)).scale).toBeNull();
  });

  it('on submit, clears a scale the uploads step no longer gives', async () => {
    const reference = await repairDraft();
    const { documents } = await uploadDocuments(t.app, reference, splash.normal_attachments);
    documents.site_plan = (await upload(reference, 'site_plan', '1:100')).data.attachment_id!;
    const res = await call(t, REPAIR, {
      reference_number: reference,
      data: { personal: personal(), repair: sample('repair ok (no neighbours)'), uploads: { documents } },
    });
    expect(res.status).toBe(200);
    expect((await row(documents.site_plan)).scale).toBeNull();
  });

  it('the uploads step refuses a malformed scale like the upload does', async () => {
    const reference = await draft(t, 'repair', [
      ['personal', personal()],
      ['repair', sample('repair ok (no neighbours)')],
    ]);
    const res = await call(t, '/api/application/save_and_continue', {
      application_type: 'repair',
      step_number: 3,
      reference_number: reference,
      data: { scales: { floor_plans: '1:0' } },
    });
    expect(res.status).toBe(422);
    expect(res.data.errors).toEqual([{ path: '/uploads/scales/floor_plans', message: expect.any(String) as string }]);
  });
});
