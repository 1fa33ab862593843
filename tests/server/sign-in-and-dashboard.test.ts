import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertApplication } from '../../src/server/applications/applications-repository';
import { newReferenceNumber } from '../../src/server/applications/reference-number';
import type { DashboardApplication, SessionTimes, SignedInUser } from '../../src/shared/dashboard';
import { api } from './application-fixtures';
import { solveCaptcha } from './captcha-solver';
import { createTestApp, databaseKinds, post, smsCode, TINY_PDF, type Envelope, type TestApp } from './helpers';

const SIGN_IN = '/api/application/get_application';
const VERIFY = '/api/application/verify_code';
const LOGOUT = '/api/application/logout';

const DASHBOARD_CALLS: [string, unknown][] = [
  ['keep_alive', {}],
  ['get_application', {}],
  ['get_applications', {}],
  ['get_attachments', {}],
  ['get_invoices', {}],
  ['get_notifications', {}],
  ['read_notifications', {}],
  ['get_permits', {}],
  ['open_application', { reference_number: 'AAAAA-AAAAA' }],
  ['download_attachment', { attachment_id: randomUUID() }],
  ['renew_permit', { permit_number: 'P-1', type_of_work: 'x', reason: 'y' }],
  ['send_message', { message: 'hello' }],
];

interface Person {
  phone: string;
  zan_id: string;
  first_name?: string;
}

/** A submitted application of `person`, straight into the database (the wizard's path is tested elsewhere). */
async function submitted(t: TestApp, person: Person, status = 'submitted'): Promise<{ id: number; reference: string }> {
  const reference = newReferenceNumber();
  const record = await insertApplication(t.database.db, reference, 'repair', {
    status,
    step_number: 3,
    forms_version: 1,
    answers: {
      personal: {
        identification_type: 'zanid',
        zan_id: person.zan_id,
        first_name: person.first_name ?? 'Asha',
        last_name: 'Juma',
        phone: person.phone,
        address: 'P.O. Box 1',
        street: 'Mlandege',
      },
      repair: { street: 'Mlandege' },
    },
    phone: person.phone,
    id_number: person.zan_id,
    submitted: true,
  });
  await t.database.db
    .insertInto('application_event')
    .values({ application_id: record.id, status: 'submitted', remark: null })
    .execute();
  return { id: record.id, reference: `${reference.slice(0, 5)}-${reference.slice(5)}` };
}

/** A challenge of /api/captcha/new, solved as the ALTCHA widget does: `{ altcha }` for get_application. */
async function captcha(t: TestApp): Promise<{ altcha: string }> {
  const created = await post<Envelope>(t.app, '/api/captcha/new');
  return { altcha: await solveCaptcha(created.body!.response.data) };
}

const cookieOf = (headers: Record<string, unknown>): string => {
  const raw = headers['set-cookie'];
  const line = Array.isArray(raw) ? String(raw[0]) : String(raw);
  return line.split(';')[0]!;
};

/** Signs in to `reference` through captcha, code and verify; answers the Cookie header and the data. */
async function signIn(t: TestApp, reference: string, phone: string, language = 'en') {
  const started = await post<Envelope<{ challenge_id: string; sent_to: string }>>(
    t.app,
    SIGN_IN,
    { reference_number: reference, ...(await captcha(t)) },
    { 'accept-language': language },
  );
  expect(started.status).toBe(200);
  const code = await smsCode(t, phone);
  const verified = await post<Envelope<{ user: SignedInUser; session: SessionTimes }>>(
    t.app,
    VERIFY,
    { challenge_id: started.body!.response.data.challenge_id, code },
    { 'accept-language': language },
  );
  expect(verified.status).toBe(200);
  return { cookie: cookieOf(verified.headers), verified, started };
}

let people = 0;
/** A new applicant (each sign-in code to a reference waits 60 s before the next, so tests do not share one). */
const person = (first_name = 'Asha'): Person => {
  people += 1;
  const n = String(people).padStart(3, '0');
  return { phone: `+255700012${n}`, zan_id: `1900000${n}12`, first_name };
};

const dashboard = <T = unknown>(t: TestApp, path: string, cookie: string | undefined, body: unknown = {}) =>
  post<Envelope<T>>(t.app, `/api/dashboard/${path}`, body, cookie ? { cookie } : {});

describe.each(databaseKinds)('sign-in and dashboard on %s', (kind) => {
  let t: TestApp;
  const asha: Person = { phone: '+255700011001', zan_id: '190012345678' };
  const other: Person = { phone: '+255700011002', zan_id: '190087654321', first_name: 'Bakari' };
  let mine: { id: number; reference: string };
  let theirs: { id: number; reference: string };

  beforeAll(async () => {
    t = await createTestApp(
      { DEV_TOOLS: true },
      { kind, rateLimits: { limits: { sign_in: { max: 1000 }, captcha: { max: 1000 } } } },
    );
    mine = await submitted(t, asha);
    theirs = await submitted(t, other);
  });
  afterAll(() => t?.close());

  test('the whole sign-in: captcha, code to the phone on file (masked), session cookie, user without secrets', async () => {
    const { cookie, verified, started } = await signIn(t, mine.reference, asha.phone);
    expect(started.body!.response.data.sent_to).toBe('+2557•••••001');
    expect(started.body!.response.data.sent_to).not.toContain(asha.phone.slice(4));
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toMatch(/^kibali_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api');
    expect(setCookie).not.toContain('Secure'); // plain HTTP here; Secure behind HTTPS (see the next test)
    const { user, session } = verified.body!.response.data;
    expect(user).toMatchObject({ reference_number: mine.reference, status: 'submitted', first_name: 'Asha' });
    expect(JSON.stringify(user)).not.toContain(asha.zan_id);
    expect(JSON.stringify(user)).not.toContain(asha.phone);
    expect(session.idle_timeout_s).toBe(1800);
    expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    // Only the token's hash is stored.
    const rows = await t.database.db.selectFrom('applicant_session').select('token_hash').execute();
    const token = cookie.split('=')[1]!;
    expect(rows.map((r) => r.token_hash)).not.toContain(token);

    const application = await dashboard<DashboardApplication>(t, 'get_application', cookie);
    expect(application.status).toBe(200);
    expect(application.body!.response.data).toMatchObject({
      reference_number: mine.reference,
      status: 'submitted',
      personal: { first_name: 'Asha' },
      history: [{ status: 'submitted', remark: null }],
      can_renew: false,
    });
  });

  test('Secure cookie behind HTTPS (a trusted proxy says so)', async () => {
    const https = await createTestApp({ DEV_TOOLS: true, TRUST_PROXY: ['loopback'] }, { kind });
    try {
      const app = await submitted(https, asha);
      const started = await post<Envelope<{ challenge_id: string }>>(https.app, SIGN_IN, {
        reference_number: app.reference,
        ...(await captcha(https)),
      });
      const verified = await post(
        https.app,
        VERIFY,
        { challenge_id: started.body!.response.data.challenge_id, code: await smsCode(https, asha.phone) },
        { 'x-forwarded-proto': 'https' },
      );
      expect(String(verified.headers['set-cookie'])).toContain('Secure');
    } finally {
      await https.close();
    }
  });

  test('wrong captcha: 422 on the captcha, in the chosen language, no SMS; a solved one is spent once', async () => {
    const { altcha } = await captcha(t);
    const decoded = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as {
      solution: { derivedKey: string };
    };
    decoded.solution.derivedKey = '00'.repeat(32);
    const wrongPayload = Buffer.from(JSON.stringify(decoded)).toString('base64');
    const sent = async () => (await t.database.db.selectFrom('sms_outbox').select('id').execute()).length;
    const before = await sent();
    for (const language of ['en', 'sw'] as const) {
      const wrong = await post<Envelope<{ errors: { path: string }[] }>>(
        t.app,
        SIGN_IN,
        { reference_number: mine.reference, altcha: wrongPayload },
        { 'accept-language': language },
      );
      expect(wrong.status).toBe(422);
      expect(wrong.body!.response.message).toBe(api[language].wrong_captcha);
      // It says the answer was wrong (not only "not accepted"), in the applicant's language.
      expect(wrong.body!.response.message).toMatch(
        language === 'en' ? /answer .* was wrong/ : /Jibu .* halikuwa sahihi/,
      );
      expect(wrong.body!.response.data.errors[0]!.path).toBe('/altcha');
    }
    expect(await sent()).toBe(before);
    // The right payload works once; replayed, it is refused and sends nothing (an application of its own:
    // the others' codes have their own limits).
    const fresh = await submitted(t, { phone: '+255700011019', zan_id: '190000000019' });
    expect((await post(t.app, SIGN_IN, { reference_number: fresh.reference, altcha })).status).toBe(200);
    const replayed = await post(t.app, SIGN_IN, { reference_number: fresh.reference, altcha });
    expect(replayed.status).toBe(422);
    expect(await sent()).toBe(before + 1);
    // The old body is refused by the schema.
    const old = await post(t.app, SIGN_IN, {
      reference_number: mine.reference,
      captcha_id: 'x',
      captcha_answer: 'ABCDE',
    });
    expect(old.status).toBe(400);
  });

  test('unknown reference 404, a draft 409, wrong code 422 then the right one still works', async () => {
    const unknown = await post(t.app, SIGN_IN, { reference_number: 'ZZZZZ-ZZZZZ', ...(await captcha(t)) });
    expect(unknown.status).toBe(404);
    const draft = await submitted(t, { phone: '+255700011009', zan_id: '190000000009' }, 'draft');
    const refused = await post(t.app, SIGN_IN, { reference_number: draft.reference, ...(await captcha(t)) });
    expect(refused.status).toBe(409);
    expect(refused.body!.response.message).toBe(api.en.draft_use_continue);

    const started = await post<Envelope<{ challenge_id: string }>>(t.app, SIGN_IN, {
      reference_number: theirs.reference,
      ...(await captcha(t)),
    });
    const code = await smsCode(t, other.phone);
    const wrong = await post(t.app, VERIFY, {
      challenge_id: started.body!.response.data.challenge_id,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const right = await post(t.app, VERIFY, { challenge_id: started.body!.response.data.challenge_id, code });
    expect(right.status).toBe(200);
    // Single use.
    const again = await post(t.app, VERIFY, { challenge_id: started.body!.response.data.challenge_id, code });
    expect(again.status).toBe(422);
  });

  test.each(DASHBOARD_CALLS)('%s without a session, or with a made-up or ended one: 401', async (path, body) => {
    expect((await dashboard(t, path, undefined, body)).status).toBe(401);
    expect((await dashboard(t, path, `kibali_session=${'A'.repeat(43)}`, body)).status).toBe(401);
    const bad = await dashboard(t, path, undefined, { unexpected: '<script>' });
    expect(bad.status).toBe(401); // the session is checked before the body
  });

  test('logout ends the session on the server and clears the cookie', async () => {
    const me = person();
    const mineNow = await submitted(t, me);
    const { cookie } = await signIn(t, mineNow.reference, me.phone);
    expect((await dashboard(t, 'keep_alive', cookie)).status).toBe(200);
    const out = await post(t.app, LOGOUT, {}, { cookie });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/kibali_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await dashboard(t, 'get_application', cookie)).status).toBe(401);
    // Without a session, logout still answers 200.
    expect((await post(t.app, LOGOUT, {})).status).toBe(200);
  });

  test("another applicant's ids get 403 and no data", async () => {
    const me = person();
    const mineNow = await submitted(t, me);
    const { cookie } = await signIn(t, mineNow.reference, me.phone);
    const attachmentId = randomUUID();
    await t.database.db
      .insertInto('attachment')
      .values({
        id: attachmentId,
        application_id: theirs.id,
        document_type: 'sheha_letter',
        mime_type: 'application/pdf',
        size: 10,
        sha256: 'x',
        remark: null,
      })
      .execute();
    const permitId = randomUUID();
    await t.database.db
      .insertInto('permit')
      .values({
        id: permitId,
        application_id: theirs.id,
        permit_number: `P-${permitId.slice(0, 8)}`,
        valid_from: '2026-01-01',
        valid_until: '2027-01-01',
      })
      .execute();
    const download = await dashboard(t, 'download_attachment', cookie, { attachment_id: attachmentId });
    expect(download.status).toBe(403);
    expect(download.body!.response.message).toBe('Access denied');
    const renew = await dashboard(t, 'renew_permit', cookie, {
      permit_number: `P-${permitId.slice(0, 8)}`,
      type_of_work: 'Extension',
      reason: 'More time',
    });
    expect(renew.status).toBe(403);
    expect(await t.database.db.selectFrom('renewal_request').selectAll().execute()).toEqual([]);
    const open = await dashboard(t, 'open_application', cookie, { reference_number: theirs.reference });
    expect(open.status).toBe(403);
    // Their data appears in none of my lists.
    const attachments = await dashboard<unknown[]>(t, 'get_attachments', cookie);
    expect(JSON.stringify(attachments.body)).not.toContain(attachmentId);
    const permits = await dashboard<unknown[]>(t, 'get_permits', cookie);
    expect(permits.body!.response.data).toEqual([]);
  });

  test('my applications: the same ID number and phone; opening another asks for its code', async () => {
    const me = person();
    const mine = await submitted(t, me);
    const second = await submitted(t, me, 'under_review');
    await submitted(t, { ...me, phone: '+255700019999' }); // same ID number, another phone: not listed
    const { cookie } = await signIn(t, mine.reference, me.phone);
    const list = await dashboard<{ reference_number: string; current: boolean }[]>(t, 'get_applications', cookie);
    const references = list.body!.response.data.map((a) => a.reference_number).sort();
    expect(references).toEqual([mine.reference, second.reference].sort());
    expect(list.body!.response.data.find((a) => a.current)?.reference_number).toBe(mine.reference);

    const open = await dashboard<{ challenge_id: string }>(t, 'open_application', cookie, {
      reference_number: second.reference,
    });
    expect(open.status).toBe(200);
    const verified = await post<Envelope<{ user: SignedInUser }>>(
      t.app,
      VERIFY,
      { challenge_id: open.body!.response.data.challenge_id, code: await smsCode(t, me.phone) },
      { cookie },
    );
    expect(verified.body!.response.data.user.reference_number).toBe(second.reference);
    const switched = cookieOf(verified.headers);
    expect((await dashboard<DashboardApplication>(t, 'get_application', switched)).body!.response.data.status).toBe(
      'under_review',
    );
    // The session it replaced is over.
    expect((await dashboard(t, 'get_application', cookie)).status).toBe(401);
  });

  test('lists, renewal, message, notifications read', async () => {
    const app = await submitted(t, { phone: '+255700011005', zan_id: '190000000005' }, 'permit_issued');
    const permitNumber = `ZNZ/BP/${app.id}`;
    await t.database.db
      .insertInto('permit')
      .values({
        id: randomUUID(),
        application_id: app.id,
        permit_number: permitNumber,
        valid_from: '2026-01-01',
        valid_until: '2099-01-01',
      })
      .execute();
    await t.database.db
      .insertInto('invoice')
      .values({
        id: randomUUID(),
        application_id: app.id,
        amount_tzs: 150000,
        control_number: `99${app.id}12345`,
        due_date: '2026-12-31',
        description: null,
      })
      .execute();
    await t.database.db
      .insertInto('notification')
      .values({
        id: randomUUID(),
        application_id: app.id,
        kind: 'status_changed',
        params: JSON.stringify({ status: 'approved', remark: 'Good' }),
      })
      .execute();
    const { cookie } = await signIn(t, app.reference, '+255700011005', 'sw');

    const invoices = await dashboard<{ amount_tzs: number; status: string }[]>(t, 'get_invoices', cookie);
    expect(invoices.body!.response.data).toMatchObject([{ amount_tzs: 150000, status: 'unpaid' }]);
    const notifications = await post<Envelope<{ title: string; read: boolean; remark: string }[]>>(
      t.app,
      '/api/dashboard/get_notifications',
      {},
      { cookie, 'accept-language': 'sw' },
    );
    expect(notifications.body!.response.data).toMatchObject([{ read: false, remark: 'Good' }]);
    expect(notifications.body!.response.data[0]!.title).toContain('Yameidhinishwa');
    expect((await dashboard<{ updated: number }>(t, 'read_notifications', cookie)).body!.response.data.updated).toBe(1);
    const read = await dashboard<{ read: boolean }[]>(t, 'get_notifications', cookie);
    expect(read.body!.response.data[0]!.read).toBe(true);

    const before = await dashboard<DashboardApplication>(t, 'get_application', cookie);
    expect(before.body!.response.data.can_renew).toBe(true);
    const renewal = {
      permit_number: permitNumber,
      type_of_work: '<b>Extension</b>',
      reason: "'; drop table permit; --",
    };
    const renewed = await dashboard<{ type_of_work: string; reason: string }>(t, 'renew_permit', cookie, renewal);
    expect(renewed.status).toBe(200);
    expect(renewed.body!.response.data).toMatchObject({ type_of_work: renewal.type_of_work, reason: renewal.reason });
    const after = await dashboard<DashboardApplication>(t, 'get_application', cookie);
    expect(after.body!.response.data).toMatchObject({ status: 'renewal_requested', can_renew: false });
    expect(after.body!.response.data.history[0]!.status).toBe('renewal_requested');
    // A second renewal is refused and changes nothing.
    expect((await dashboard(t, 'renew_permit', cookie, renewal)).status).toBe(409);
    expect(
      await t.database.db.selectFrom('renewal_request').selectAll().where('application_id', '=', app.id).execute(),
    ).toHaveLength(1);

    const sent = await dashboard<{ message: string }>(t, 'send_message', cookie, { message: '<script>x</script>' });
    expect(sent.status).toBe(200);
    expect(sent.body!.response.data.message).toBe('<script>x</script>');
    expect((await dashboard(t, 'send_message', cookie, { message: '   ' })).status).toBe(400);
    expect((await dashboard(t, 'send_message', cookie, { message: 'x', extra: 1 })).status).toBe(400);
  });

  test('notifications read with every placeholder filled, the remark once and dates in the reader’s language', async () => {
    const app = await submitted(t, { phone: '+255700011006', zan_id: '190000000006' }, 'permit_issued');
    const notices: [string, Record<string, unknown>][] = [
      ['status_changed', { status: 'approved', from_status: 'under_review', remark: 'Plans are complete.' }],
      ['invoice_added', { amount: '95,000,000', control_number: '991234567890', due_date: '2026-12-15' }],
      ['permit_issued', { permit_number: 'ZDCU/2026/0042', valid_from: '2026-12-15', valid_until: '2028-01-05' }],
      ['attachment_reviewed', { document: { en: 'Site plan', sw: 'Ramani ya eneo' }, status: 'accepted', remark: '' }],
    ];
    for (const [kind, params] of notices)
      await t.database.db
        .insertInto('notification')
        .values({ id: randomUUID(), application_id: app.id, kind, params: JSON.stringify(params) })
        .execute();
    const { cookie } = await signIn(t, app.reference, '+255700011006');
    const read = async (language: string) =>
      (
        await post<Envelope<{ title: string; message: string; remark: string | null }[]>>(
          t.app,
          '/api/dashboard/get_notifications',
          {},
          { cookie, 'accept-language': language },
        )
      ).body!.response.data;

    const expected = {
      en: ['15 December 2026', '5 January 2028', 'Remark', 'Your application'],
      sw: ['15 Desemba 2026', '5 Januari 2028', 'Maelezo', 'maombi yako'],
    };
    for (const language of ['en', 'sw'] as const) {
      const [days, untilDay, remarkWord, yourApplication] = expected[language];
      const all = await read(language);
      expect(all).toHaveLength(notices.length);
      const find = (text: string) => all.find((notice) => notice.message.includes(text));
      const [status, invoice, permit] = [find(app.reference), find('991234567890'), find('ZDCU/2026/0042')];
      const reviewed = all.find((notice) => ![status, invoice, permit].includes(notice));
      for (const notice of all) {
        expect(`${notice.title} ${notice.message}`).not.toMatch(/\{\{|\}\}|2026-12-15|2028-01-05/);
        // The remark is told once: beside the message, never in it.
        expect(notice.message).not.toContain(remarkWord);
      }
      expect(status!.message).toContain(`${yourApplication} ${app.reference}`);
      expect(status!.remark).toBe('Plans are complete.');
      expect(invoice!.message).toContain(days);
      expect(invoice!.message).toContain('95,000,000');
      expect(permit!.message).toContain(`${days}`);
      expect(permit!.message).toContain(untilDay);
      expect(reviewed!.remark).toBeNull();
      expect(reviewed!.message).toContain(language === 'en' ? 'Site plan' : 'Ramani ya eneo');
    }
  });

  test('uploads from the dashboard: only a rejected one is replaced, never an accepted one; download my own', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const me = person();
    const mineNow = await submitted(t, me);
    const { cookie } = await signIn(t, mineNow.reference, me.phone);
    const upload = async (withCookie: boolean) => {
      const form = new FormData();
      form.set('document_type', 'sheha_letter');
      form.set('file', new Blob([new Uint8Array(TINY_PDF)]), 'letter.pdf');
      const res = await fetch(`${t.app.listeningOrigin}/api/attachment/upload`, {
        method: 'POST',
        body: form,
        headers: withCookie ? { cookie } : {},
      });
      return { status: res.status, body: (await res.json()) as Envelope<{ attachment_id: string }> };
    };
    expect((await upload(false)).status).toBe(401);
    // After Submit a document is not added (only one staff rejected, or a round asks for, is uploaded).
    expect((await upload(true)).status).toBe(409);
    const id = randomUUID();
    await t.database.db
      .insertInto('attachment')
      .values({
        id,
        application_id: mineNow.id,
        document_type: 'sheha_letter',
        mime_type: 'application/pdf',
        size: 10,
        sha256: 'x',
        status: 'rejected',
        remark: 'Unsigned',
      })
      .execute();
    const second = await upload(true);
    expect(second.status).toBe(200);
    const list = await dashboard<{ attachment_id: string; status: string }[]>(t, 'get_attachments', cookie);
    expect(list.body!.response.data.map((a) => a.attachment_id)).toEqual([second.body.response.data.attachment_id]);
    // Not reviewed yet: the new file is not rejected, so it is not replaced either.
    expect((await upload(true)).status).toBe(409);
    await t.database.db
      .updateTable('attachment')
      .set({ status: 'accepted' })
      .where('id', '=', second.body.response.data.attachment_id)
      .execute();
    expect((await upload(true)).status).toBe(409);

    const download = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/download_attachment',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ attachment_id: second.body.response.data.attachment_id }),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="sheha_letter.pdf"');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.rawPayload.equals(TINY_PDF)).toBe(true);
  });
});

describe('a document whose file is gone from the folder', () => {
  test('answers the envelope 503 in English and Swahili, not a raw 500 (and not half a download)', async () => {
    const t = await createTestApp({ DEV_TOOLS: true });
    try {
      const person = { phone: '+255700011030', zan_id: '190000000030' };
      const app = await submitted(t, person);
      const { cookie } = await signIn(t, app.reference, person.phone);
      const attachment_id = randomUUID(); // recorded, but no file was ever stored under this id
      await t.database.db
        .insertInto('attachment')
        .values({
          id: attachment_id,
          application_id: app.id,
          document_type: 'sheha_letter',
          mime_type: 'application/pdf',
          size: 10,
          sha256: 'x',
          remark: null,
        })
        .execute();
      for (const language of ['en', 'sw'] as const) {
        const res = await post(
          t.app,
          '/api/dashboard/download_attachment',
          { attachment_id },
          {
            cookie,
            'accept-language': language,
          },
        );
        expect(res.status).toBe(503);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body!.response).toEqual({ code: 503, message: api[language].file_unavailable, data: {} });
      }
    } finally {
      await t.close();
    }
  });
});

describe('the session cookie in production', () => {
  test('is __Host-kibali_session, Secure, Path=/, and only that name is read', async () => {
    // DEV_TOOLS only to read the captcha's answer (production refuses it in the configuration, not here).
    const t = await createTestApp({ NODE_ENV: 'production', DEV_TOOLS: true });
    try {
      const person = { phone: '+255700011040', zan_id: '190000000040' };
      const app = await submitted(t, person);
      const { cookie, verified } = await signIn(t, app.reference, person.phone);
      const setCookie = String(verified.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-kibali_session=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toContain('; Path=/;');
      expect(setCookie).toContain('; Secure');
      expect(setCookie).toContain('; HttpOnly');
      expect(setCookie).toContain('; SameSite=Strict');
      expect(setCookie).not.toContain('Domain=');
      expect((await dashboard(t, 'keep_alive', cookie)).status).toBe(200);
      // The same token under the development name is not a session in production.
      const token = cookie.split('=')[1]!;
      expect((await dashboard(t, 'keep_alive', `kibali_session=${token}`)).status).toBe(401);
      const out = await post(t.app, LOGOUT, {}, { cookie });
      expect(String(out.headers['set-cookie'])).toMatch(/^__Host-kibali_session=;.*Path=\/;.*Secure/);
      expect((await dashboard(t, 'keep_alive', cookie)).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('session lifetime', () => {
  test('ends after the idle time; each call restarts it; never beyond the maximum', async () => {
    const t = await createTestApp({ DEV_TOOLS: true }, { sessionLimits: { idleMs: 1500, maxMs: 4000 } });
    try {
      const person = { phone: '+255700011020', zan_id: '190000000020' };

      const app = await submitted(t, person);
      const { cookie, verified } = await signIn(t, app.reference, person.phone);
      const times = verified.body!.response.data.session;
      expect(times.idle_timeout_s).toBe(2);
      // Calls inside the idle time keep it alive past one idle period…
      for (let i = 0; i < 3; i += 1) {
        await new Promise((r) => setTimeout(r, 700));
        expect((await dashboard(t, 'keep_alive', cookie)).status).toBe(200);
      }
      // …and after a longer pause it is over.
      await new Promise((r) => setTimeout(r, 1700));
      const ended = await dashboard(t, 'get_application', cookie);
      expect(ended.status).toBe(401);
      expect(ended.body!.response.message).toBe(api.en.not_signed_in);

      const later = await submitted(t, person);
      const again = await signIn(t, later.reference, person.phone);
      const started = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - started < 8000) {
        await new Promise((r) => setTimeout(r, 500));
        status = (await dashboard(t, 'keep_alive', again.cookie)).status;
      }
      expect(status).toBe(401);
      expect(Date.now() - started).toBeLessThan(5500);
    } finally {
      await t.close();
    }
  });
});
