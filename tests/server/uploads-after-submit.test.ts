import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { StaffApplication } from '../../src/shared/api/back-office';
import type { DashboardApplication } from '../../src/shared/dashboard';
import { api, apiText } from './application-fixtures';
import { createTestApp, databaseKinds, post, TINY_PDF, type Envelope, type TestApp } from './helpers';
import { applicationIn, dashboardCall, newPerson, rejectedDocument, signIn } from './signed-in-fixtures';
import { fakeDate } from './fake-clock';

// Issue 31, item 5, as the attack: a signed-in applicant replaced documents of a submitted, under
// review or even approved application, silently. After Submit an applicant uploads only a document
// staff rejected (or one an open round of changes asks for: tests/server/change-requests.test.ts);
// every such upload is a line of the history staff read.

const TOKEN = 'uploads-after-submit-staff-token-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };

describe.each(databaseKinds)('uploads after Submit (%s)', (kind) => {
  let t: TestApp;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-after-submit-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const files = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0);
  let serial = 0;

  beforeAll(async () => {
    // Many sign-ins from one address: the sign-in and captcha limits raised.
    t = await createTestApp(
      { DATA_DIR: dataDir, STAFF_API_TOKEN: TOKEN },
      { kind, rateLimits: { limits: { sign_in: { max: 1000 }, captcha: { max: 1000 } } } },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A signed-in applicant's application in `status` with one sheha_letter of review status `review`. */
  async function applicationWith(status: string, review: 'accepted' | 'rejected' | 'uploaded') {
    serial += 1;
    const me = newPerson(`08${String(serial).padStart(2, '0')}`);
    const app = await applicationIn(t, me, status);
    const fileId = await rejectedDocument(t, app.id, 'sheha_letter');
    await t.database.db.updateTable('attachment').set({ status: review }).where('id', '=', fileId).execute();
    return { ...app, fileId, cookie: await signIn(t, app.reference, me.phone) };
  }
  const upload = async (cookie: string, document_type = 'sheha_letter', language = 'en') => {
    const form = new FormData();
    form.set('document_type', document_type);
    form.set('file', new Blob([new Uint8Array(TINY_PDF)]), 'letter.pdf');
    const res = await fetch(`${t.app.listeningOrigin}/api/attachment/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie, 'accept-language': language },
    });
    return { status: res.status, body: (await res.json()) as Envelope<{ attachment_id: string }> };
  };
  const state = async (applicationId: number) => ({
    attachments: await t.database.db
      .selectFrom('attachment')
      .select(['id', 'status'])
      .where('application_id', '=', applicationId)
      .orderBy('id')
      .execute(),
    events: (
      await t.database.db
        .selectFrom('application_event')
        .select('id')
        .where('application_id', '=', applicationId)
        .execute()
    ).length,
    files: files(),
  });
  const staffView = async (reference: string) =>
    (await post<Envelope<StaffApplication>>(t.app, '/api/staff/get_application', { reference_number: reference }, AUTH))
      .body!.response.data;

  test.each([
    ['submitted', 'accepted', 'document_not_replaceable'],
    ['under_review', 'accepted', 'document_not_replaceable'],
    ['under_review', 'uploaded', 'document_not_replaceable'],
    ['approved', 'accepted', 'document_not_replaceable'],
    ['approved', 'uploaded', 'document_not_replaceable'],
    ['permit_issued', 'accepted', 'document_not_replaceable'],
  ] as const)(
    'attack: %s, a document %s: replacing it is refused (409, both languages), nothing stored or written',
    async (status, review, key) => {
      const app = await applicationWith(status, review);
      const before = await state(app.id);
      for (const language of ['en', 'sw'] as const) {
        const res = await upload(app.cookie, 'sheha_letter', language);
        expect(res.status).toBe(409);
        expect(res.body.response.message).toBe(api[language][key]);
      }
      expect(await state(app.id)).toEqual(before);
    },
  );

  test('attack: adding a document the application never had, after Submit: 409', async () => {
    const app = await applicationWith('submitted', 'accepted');
    const before = await state(app.id);
    const res = await upload(app.cookie, 'land_document');
    expect(res.status).toBe(409);
    expect(res.body.response.message).toBe(api.en.document_not_replaceable);
    expect(await state(app.id)).toEqual(before);
  });

  test.each(['submitted', 'under_review', 'approved', 'permit_issued'])(
    '%s, a document staff rejected: replaced, with a history line staff see (not in the applicant’s own)',
    async (status) => {
      const app = await applicationWith(status, 'rejected');
      const res = await upload(app.cookie);
      expect(res.status).toBe(200);
      const newId = res.body.response.data.attachment_id;
      const shown = await staffView(app.reference);
      expect(shown.attachments.map((a) => [a.attachment_id, a.status]).sort()).toEqual(
        [
          [app.fileId, 'replaced'],
          [newId, 'uploaded'],
        ].sort(),
      );
      const line = shown.history.find((e) => e.action === 'upload_document');
      expect(line).toMatchObject({
        status,
        status_changed: false,
        by: null,
        details: { attachment_id: newId, document_type: 'sheha_letter', replaced: [app.fileId], asked_by_round: false },
      });
      const own = await dashboardCall<DashboardApplication>(t, 'get_application', app.cookie);
      expect(JSON.stringify(own.body!.response.data.history)).not.toContain('upload_document');
      // The new file is not rejected: it is not replaced again until staff say so.
      expect((await upload(app.cookie)).status).toBe(409);
    },
  );

  describe('once the open round of changes is past its deadline', () => {
    afterEach(() => vi.useRealTimers());

    test('attack: returned, the deadline passed: a rejected document the round does not ask for, and one it asks for, are refused (409 changes.deadline_passed, both languages), nothing stored or written', async () => {
      fakeDate();
      // Signed in on the deadline's own day (2026-12-17, Zanzibar's date).
      vi.setSystemTime(new Date('2026-12-17T20:58:00Z'));
      const app = await applicationWith('returned', 'rejected');
      const { cookie } = app;
      // The round asks for a step and another document, not the rejected letter.
      await t.database.db
        .insertInto('change_round')
        .values({
          application_id: app.id,
          number: 1,
          requests: JSON.stringify([
            { kind: 'step', step: 'personal', remark: 'Your name.' },
            { kind: 'document', document_type: 'land_document', action: 'add', remark: 'The title deed.' },
          ]),
          remark: null,
          due_date: '2026-12-17',
          asked_by_kind: null,
          asked_by_account_id: null,
          asked_by_name: null,
        })
        .execute();

      // From midnight in Zanzibar nothing is taken, before a byte is stored.
      vi.setSystemTime(new Date('2026-12-17T21:00:00Z'));
      const before = await state(app.id);
      for (const [document, language] of [
        ['sheha_letter', 'en'],
        ['sheha_letter', 'sw'],
        ['land_document', 'en'],
      ] as const) {
        const res = await upload(cookie, document, language);
        expect(res.status, document).toBe(409);
        expect(res.body.response.message).toBe(
          apiText(language, 'changes.deadline_passed', { due_date: '2026-12-17' }),
        );
        expect(res.body.response.data).toEqual({ due_date: '2026-12-17' });
      }
      expect(await state(app.id)).toEqual(before);

      // On the deadline's own day the rejected letter is still replaced.
      vi.setSystemTime(new Date('2026-12-17T20:59:00Z'));
      const onTime = await upload(cookie);
      expect(onTime.status, JSON.stringify(onTime.body)).toBe(200);
    });
  });
});
