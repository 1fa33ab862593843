import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ACTION_LIST } from '../../src/server/back-office/staff-actions';
import type { StaffRole } from '../../src/shared/api/staff-session';
import { api } from './application-fixtures';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';
import { applicationIn, dashboardCall, newPerson, signIn } from './signed-in-fixtures';
import { addStaff, staffSignIn, type TestStaff } from './staff-fixtures';

// Roles on the back office (issue 18, items 1 and 3): every back-office call refused to editors,
// publishers, applicants and nobody, open to officers and admins; the attacks on the staff session;
// and the history recording who made each change: the staff member from the session (never a name
// the body gives), the integration by its own name.

const TOKEN = 'staff-roles-integration-token-0123456789';
const BACK_OFFICE = Object.values(STAFF_ACTION_LIST).map((action) => action.call.path);
const ALL_STAFF_CALLS = [...BACK_OFFICE, '/api/staff/reload_forms'];
/** A fresh database, eight argon2 hashes and sign-ins: slow on a busy machine. */
const SETUP_MS = 120_000;

interface StaffData {
  history: {
    status: string;
    action: string | null;
    status_changed: boolean;
    by: { kind: string; account_id: number | null; name: string } | null;
    remark: string | null;
  }[];
}

describe.each(databaseKinds)('staff roles and history (%s)', (kind) => {
  let t: TestApp;
  const staff = {} as Record<StaffRole, TestStaff>;
  const cookies = {} as Record<StaffRole, string>;
  let applicantCookie = '';
  let reference = '';
  const person = newPerson('61');

  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN, DEV_TOOLS: true }, { kind });
    for (const role of ['policy_editor', 'policy_publisher', 'officer', 'admin'] as const) {
      staff[role] = await addStaff(t, role, { name: `The ${role.replace('_', ' ')}` });
      cookies[role] = await staffSignIn(t, staff[role]);
    }
    reference = (await applicationIn(t, person, 'submitted')).reference;
    applicantCookie = await signIn(t, reference, person.phone);
  }, SETUP_MS);
  afterAll(() => t?.close());

  const call = (url: string, body: unknown, headers: Record<string, string>) =>
    post<Envelope<Record<string, unknown>>>(t.app, url, body, headers);
  const accountId = async (login: string) =>
    (await t.database.db.selectFrom('staff_account').select('id').where('login', '=', login).executeTakeFirstOrThrow())
      .id;
  const historyOf = async (ref: string, cookie = cookies.officer) =>
    (await call('/api/staff/get_application', { reference_number: ref }, { cookie })).body!.response
      .data as unknown as StaffData;

  it('no credentials, an applicant session or the applicant cookie renamed: 401 on every staff call', async () => {
    const applicantToken = applicantCookie.split('=')[1]!;
    for (const url of ALL_STAFF_CALLS) {
      const attempts: Record<string, string>[] = [
        {},
        { cookie: applicantCookie },
        { cookie: `kibali_staff_session=${applicantToken}` },
        { cookie: `kibali_staff_session=${'A'.repeat(43)}` },
      ];
      for (const headers of attempts) {
        const res = await call(url, { reference_number: reference }, headers);
        expect(res.status, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.body!.response).toEqual({ code: 401, message: api.en.staff_not_signed_in, data: {} });
      }
    }
  });

  it('policy editors and publishers: 403 on every back-office call; officers and admins get through', async () => {
    for (const url of BACK_OFFICE) {
      for (const role of ['policy_editor', 'policy_publisher'] as const) {
        const res = await call(url, { reference_number: reference }, { cookie: cookies[role] });
        expect(res.status, `${url} as ${role}`).toBe(403);
        expect(res.body!.response).toEqual({ code: 403, message: api.en.staff_forbidden, data: {} });
      }
      for (const role of ['officer', 'admin'] as const) {
        const res = await call(url, {}, { cookie: cookies[role] });
        expect([401, 403], `${url} as ${role}: ${res.status}`).not.toContain(res.status);
      }
    }
    for (const role of ['officer', 'admin'] as const) {
      const listed = await call(
        '/api/staff/list_applications',
        { reference_number: reference },
        { cookie: cookies[role] },
      );
      expect(listed.status).toBe(200);
      expect(listed.body!.response.data.total).toBe(1);
    }
  });

  it('reload_forms: publishers and admins, not editors or officers', async () => {
    for (const role of ['policy_editor', 'officer'] as const) {
      expect((await call('/api/staff/reload_forms', {}, { cookie: cookies[role] })).status, role).toBe(403);
    }
    for (const role of ['policy_publisher', 'admin'] as const) {
      const res = await call('/api/staff/reload_forms', {}, { cookie: cookies[role] });
      expect(res.status, role).toBe(200);
      expect(res.body!.response.data.published).toBe(false); // the same set as the one serving
    }
  });

  it('attack: a staff cookie replayed after sign-out, or on the dashboard, or under the applicant cookie name', async () => {
    const officer = await addStaff(t, 'officer');
    const cookie = await staffSignIn(t, officer);
    const token = cookie.split('=')[1]!;
    expect((await call('/api/staff/list_applications', {}, { cookie })).status).toBe(200);
    // A staff session opens nothing of the applicants' side, under either name.
    for (const headers of [{ cookie }, { cookie: `kibali_session=${token}` }]) {
      expect((await dashboardCall(t, 'get_application', undefined, {}, headers)).status).toBe(401);
    }
    expect((await post(t.app, '/api/staff/session/sign_out', {}, { cookie })).status).toBe(200);
    for (const url of [...BACK_OFFICE, '/api/staff/session/current']) {
      expect((await call(url, {}, { cookie })).status, url).toBe(401);
    }
  });

  it('attack: a bearer header beside a live staff cookie is judged alone; the token opens no session call', async () => {
    const wrongBearer = await call(
      '/api/staff/list_applications',
      {},
      {
        cookie: cookies.officer,
        authorization: 'Bearer not-the-token-not-the-token-not-the-token',
      },
    );
    expect(wrongBearer.status).toBe(401);
    expect(wrongBearer.body!.response.message).toBe(api.en.staff_unauthorized);
    // The token is the integration's: it is no staff member, so the session calls do not take it.
    const asPerson = await call('/api/staff/session/current', {}, { authorization: `Bearer ${TOKEN}` });
    expect(asPerson.status).toBe(401);
    // The editor's cookie with the token: the token decides (the integration may work applications).
    const withToken = await call(
      '/api/staff/list_applications',
      {},
      {
        cookie: cookies.policy_editor,
        authorization: `Bearer ${TOKEN}`,
      },
    );
    expect(withToken.status).toBe(200);
  });

  it('attack: a cross-site write with the staff cookie is refused before anything', async () => {
    const res = await call(
      '/api/staff/set_status',
      { reference_number: reference, status: 'under_review' },
      { cookie: cookies.officer, 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(403);
    const row = await t.database.db
      .selectFrom('application')
      .select('status')
      .where('reference_number', '=', reference.replace('-', ''))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('submitted');
  });

  it("the history records the staff member from the session: account id and display name; the applicant's only status moves", async () => {
    const ref = (await applicationIn(t, newPerson('62'), 'submitted')).reference;
    const moved = await call(
      '/api/staff/set_status',
      { reference_number: ref, status: 'under_review', remark: 'Plot visit next week.' },
      { cookie: cookies.officer },
    );
    expect(moved.status).toBe(200);
    const invoice = await call(
      '/api/staff/add_invoice',
      {
        reference_number: ref,
        amount_tzs: 150000,
        amount_reason: 'Set by the unit for this test.',
        control_number: '991234500001',
        due_date: '2099-01-01',
      },
      { cookie: cookies.admin },
    );
    // (A due date more than a year ahead is refused: nothing is recorded then either.)
    expect(invoice.status).toBe(422);
    const today = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const added = await call(
      '/api/staff/add_invoice',
      {
        reference_number: ref,
        amount_tzs: 150000,
        amount_reason: 'Set by the unit for this test.',
        control_number: '991234500001',
        due_date: today,
      },
      { cookie: cookies.admin },
    );
    expect(added.status).toBe(200);

    const { history } = await historyOf(ref);
    expect(history.map((e) => [e.action, e.status, e.status_changed])).toEqual([
      ['add_invoice', 'under_review', false],
      ['set_status', 'under_review', true],
    ]);
    expect(history[1]!.by).toEqual({
      kind: 'staff',
      account_id: await accountId(staff.officer.login),
      name: 'The officer',
    });
    expect(history[0]!.by).toEqual({
      kind: 'staff',
      account_id: await accountId(staff.admin.login),
      name: 'The admin',
    });
    expect(history[1]!.remark).toBe('Plot visit next week.');

    // The applicant sees the move, not the staff's bookkeeping line (the invoice reaches them as a notification).
    const applicantRef = reference;
    await call(
      '/api/staff/add_invoice',
      {
        reference_number: applicantRef,
        amount_tzs: 5000,
        amount_reason: 'Set by the unit for this test.',
        control_number: '991234500002',
        due_date: today,
      },
      { cookie: cookies.officer },
    );
    const dashboard = await dashboardCall<{ history: { status: string }[] }>(t, 'get_application', applicantCookie);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body!.response.data.history).toEqual([]);
  });

  it('answer_message is signed with the session’s name, whatever `by` says', async () => {
    const app = await applicationIn(t, newPerson('63'), 'submitted');
    const messageId = randomUUID();
    await t.database.db
      .insertInto('applicant_message')
      .values({ id: messageId, application_id: app.id, subject: null, message: 'When is the visit?' })
      .execute();
    const answered = await call(
      '/api/staff/answer_message',
      { message_id: messageId, message: 'On Monday.', by: 'The Minister Himself' },
      { cookie: cookies.officer },
    );
    expect(answered.status).toBe(200);
    expect(answered.body!.response.data.by).toBe('The officer');
    const stored = await t.database.db
      .selectFrom('unit_message')
      .select('staff_name')
      .where('in_reply_to', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(stored.staff_name).toBe('The officer');
    const { history } = await historyOf(app.reference);
    expect(history[0]).toMatchObject({ action: 'answer_message', by: { kind: 'staff', name: 'The officer' } });
  });

  it('the bearer token is recorded as the integration, by its name, never as a person; it must name who answers', async () => {
    const app = await applicationIn(t, newPerson('64'), 'submitted');
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(
      (await call('/api/staff/set_status', { reference_number: app.reference, status: 'under_review' }, auth)).status,
    ).toBe(200);
    const { history } = await historyOf(app.reference);
    expect(history[0]).toMatchObject({
      action: 'set_status',
      by: { kind: 'integration', account_id: null, name: 'integration' },
    });

    const messageId = randomUUID();
    await t.database.db
      .insertInto('applicant_message')
      .values({ id: messageId, application_id: app.id, subject: null, message: 'Any news?' })
      .execute();
    const unsigned = await call('/api/staff/answer_message', { message_id: messageId, message: 'Soon.' }, auth);
    expect(unsigned.status).toBe(422);
    expect(unsigned.body!.response.data.errors).toEqual([{ path: '/by', message: expect.any(String) }]);
    const signed = await call(
      '/api/staff/answer_message',
      { message_id: messageId, message: 'Soon.', by: 'Juma (front desk)' },
      auth,
    );
    expect(signed.status).toBe(200);
    expect((await historyOf(app.reference)).history[0]).toMatchObject({
      action: 'answer_message',
      by: { kind: 'integration', name: 'integration' },
    });
  });
});

describe('the integration under a name of its own', () => {
  it('STAFF_API_TOKEN_NAME names the token’s history lines', async () => {
    const t = await createTestApp({ STAFF_API_TOKEN: TOKEN, STAFF_API_TOKEN_NAME: 'ERP link' });
    try {
      const app = await applicationIn(t, newPerson('65'), 'submitted');
      const auth = { authorization: `Bearer ${TOKEN}` };
      await post(t.app, '/api/staff/set_status', { reference_number: app.reference, status: 'under_review' }, auth);
      const shown = await post<Envelope<StaffData>>(
        t.app,
        '/api/staff/get_application',
        { reference_number: app.reference },
        auth,
      );
      expect(shown.body!.response.data.history[0]!.by).toEqual({
        kind: 'integration',
        account_id: null,
        name: 'ERP link',
      });
    } finally {
      await t.close();
    }
  });
});
