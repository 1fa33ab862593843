import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Splash } from '../../src/shared/reference-data';
import { personal, SAVE } from './application-fixtures';
import { createTestApp, databaseKinds, post, TINY_PDF, uploadFile, type Envelope, type TestApp } from './helpers';
import { dashboardCall, signIn } from './signed-in-fixtures';
import { addStaff, staffSignIn } from './staff-fixtures';

// The officers' workspace shows an application's documents in the page (issue 33, item 3): the file
// itself from /api/staff/open_document, for the unit's roles only, of a submitted application only;
// each opening is a look the applicant sees (item 9).

const TOKEN = 'staff-documents-token-0123456789abcdef';
const OPEN = '/api/staff/open_document';

describe.each(databaseKinds)('staff open a document (%s)', (kind) => {
  let t: TestApp;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-staff-documents-'));
  let officerCookie = '';
  let editorCookie = '';
  let reference = '';
  let phone = '';
  let attachmentId = '';

  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN, DATA_DIR: dataDir }, { kind });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    officerCookie = await staffSignIn(t, await addStaff(t, 'officer'));
    editorCookie = await staffSignIn(t, await addStaff(t, 'policy_editor'));
    const splash = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data;
    const answers = personal();
    phone = String(answers.phone);
    const saved = await post<Envelope<{ reference_number: string }>>(t.app, SAVE, {
      application_type: 'repair',
      step_number: 1,
      data: answers,
    });
    reference = saved.body!.response.data.reference_number;
    const uploaded = await uploadFile(t.app, {
      reference_number: reference,
      document_type: splash.normal_attachments[0]!.code,
    });
    attachmentId = uploaded.body!.response.data.attachment_id!;
    expect(attachmentId).toBeTruthy();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const open = (body: unknown, headers: Record<string, string>) => post<Envelope>(t.app, OPEN, body, headers);
  const looks = () => t.database.db.selectFrom('staff_view').selectAll().execute();
  const submit = () =>
    t.database.db
      .updateTable('application')
      .set({ status: 'submitted', submitted_at: new Date() })
      .where('reference_number', '=', reference.replace('-', ''))
      .execute();

  it("refuses a draft's document (the unit sees an application once submitted), and records no look", async () => {
    const res = await open({ attachment_id: attachmentId }, { cookie: officerCookie });
    expect(res.status).toBe(409);
    expect(await looks()).toEqual([]);
  });

  it('gives an officer the file itself, byte for byte, and the applicant sees that an officer looked', async () => {
    await submit();
    const res = await t.app.inject({
      method: 'POST',
      url: OPEN,
      headers: { 'content-type': 'application/json', cookie: officerCookie },
      payload: JSON.stringify({ attachment_id: attachmentId }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload).toEqual(TINY_PDF);
    const rows = await looks();
    expect(rows.map((row) => row.role)).toEqual(['officer']);
    const applicant = await signIn(t, reference, phone);
    const seen = await dashboardCall<{ staff_views: { role: string }[] }>(t, 'get_application', applicant);
    expect(seen.body!.response.data.staff_views.map((look) => look.role)).toEqual(['officer']);
  });

  it('refuses a policy editor (403), anyone signed out (401) and an unknown file (404), recording nothing', async () => {
    const before = (await looks()).length;
    expect((await open({ attachment_id: attachmentId }, { cookie: editorCookie })).status).toBe(403);
    expect((await open({ attachment_id: attachmentId }, {})).status).toBe(401);
    const unknown = await open({ attachment_id: '00000000-0000-4000-8000-000000000000' }, { cookie: officerCookie });
    expect(unknown.status).toBe(404);
    expect((await open({ attachment_id: 'not-a-uuid' }, { cookie: officerCookie })).status).toBe(404);
    expect((await looks()).length).toBe(before);
    // The integration's token opens it too.
    const integration = await open({ attachment_id: attachmentId }, { authorization: `Bearer ${TOKEN}` });
    expect(integration.status).toBe(200);
  });
});
