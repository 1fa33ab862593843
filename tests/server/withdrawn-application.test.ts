import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, draft, personal, stored } from './application-fixtures';
import { createTestApp, databaseKinds, post, TINY_PDF, uploadFile, type Envelope, type TestApp } from './helpers';
import { applicationIn, dashboardCall, newPerson, rejectedDocument, signIn } from './signed-in-fixtures';

/** Issue 17, item 12: once withdrawn, an application is never continued or added to again. */
describe.each(databaseKinds)('a withdrawn application (%s)', (kind) => {
  let t: TestApp;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-withdrawn-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const files = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0);
  const attachmentsOf = async (id: number) =>
    (await t.database.db.selectFrom('attachment').select('id').where('application_id', '=', id).execute()).length;

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir }, { kind, rateLimits: { limits: { renewal: { max: 1000 } } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(() => t?.close());

  const withdrawDraft = async (reference: string) => {
    const res = await post(t.app, '/api/application/withdraw_draft', {
      reference_number: reference,
      reason: 'No longer needed',
    });
    expect(res.status).toBe(200);
  };

  it('Continue on a withdrawn draft says it was withdrawn (409 application_withdrawn), in both languages', async () => {
    const reference = await draft(t, 'repair', [['personal', personal()]]);
    await withdrawDraft(reference);
    for (const language of ['en', 'sw'] as const) {
      const refused = await post<Envelope>(
        t.app,
        '/api/application/continue_application',
        { reference_number: reference },
        { 'accept-language': language },
      );
      expect(refused.status).toBe(409);
      expect(refused.body!.response.message).toBe(api[language].application_withdrawn);
    }
    expect(api.sw.application_withdrawn).not.toBe(api.en.application_withdrawn);
  });

  it('attack: an upload to a withdrawn draft, with its own draft cookie, is refused and stores nothing', async () => {
    const reference = await draft(t, 'repair', [['personal', personal()]]);
    await withdrawDraft(reference);
    const before = files();
    const refused = await uploadFile(t.app, { reference_number: reference, document_type: 'sheha_letter' });
    expect(refused.status).toBe(409);
    expect(refused.body!.response.message).toBe(api.en.application_withdrawn);
    expect(await attachmentsOf((await stored(t, reference)).id)).toBe(0);
    expect(files()).toBe(before);
  });

  it('attack: a dashboard upload to a withdrawn application, with a live session, is refused and stores nothing', async () => {
    const person = newPerson('0461');
    const app = await applicationIn(t, person, 'under_review');
    const cookie = await signIn(t, app.reference, person.phone);
    const upload = async () => {
      const form = new FormData();
      form.set('document_type', 'sheha_letter');
      form.set('file', new Blob([new Uint8Array(TINY_PDF)]), 'letter.pdf');
      const res = await fetch(`${t.app.listeningOrigin}/api/attachment/upload`, {
        method: 'POST',
        body: form,
        headers: { cookie, 'accept-language': 'sw' },
      });
      return { status: res.status, body: (await res.json()) as Envelope };
    };
    // Before the withdrawal the same upload (of a rejected document) is taken: the refusal below is the withdrawal's.
    await rejectedDocument(t, app.id, 'sheha_letter');
    expect((await upload()).status).toBe(200);
    expect(await attachmentsOf(app.id)).toBe(2);
    await t.database.db
      .updateTable('attachment')
      .set({ status: 'rejected' })
      .where('application_id', '=', app.id)
      .where('status', '=', 'uploaded')
      .execute();
    expect((await dashboardCall(t, 'withdraw_application', cookie, { reason: 'The plot was sold.' })).status).toBe(200);

    const before = files();
    const refused = await upload();
    expect(refused.status).toBe(409);
    expect(refused.body.response.message).toBe(api.sw.application_withdrawn);
    expect(await attachmentsOf(app.id)).toBe(2);
    expect(files()).toBe(before);
  });
});
