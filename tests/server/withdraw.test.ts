import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAW_REASON_MAX, type WithdrawAnswer } from '../../src/shared/api/withdraw';
import type { DashboardApplication } from '../../src/shared/dashboard';
import { api, call, draft, personal, SAVE, stored } from './application-fixtures';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';
import { applicationIn, dashboardCall, newPerson, signIn } from './signed-in-fixtures';

const TOKEN = 'staff-token-for-the-withdraw-tests-0123456789';
const DRAFT_WITHDRAW = '/api/application/withdraw_draft';

/** Issue 17, item 12: the applicant withdraws a draft or an undecided application, with a reason. */
describe.each(databaseKinds)('withdrawing an application (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Withdrawals share the renewals' per-client limit (5 an hour); every test client is 127.0.0.1.
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN }, { kind, rateLimits: { limits: { renewal: { max: 1000 } } } });
  }, 180_000);
  afterAll(() => t?.close());

  const staff = (path: string, body: unknown) =>
    post<Envelope>(t.app, `/api/staff/${path}`, body, { authorization: `Bearer ${TOKEN}` });
  const eventsOf = (id: number) =>
    t.database.db
      .selectFrom('application_event')
      .select(['status', 'remark'])
      .where('application_id', '=', id)
      .orderBy('id')
      .execute();

  describe('a draft, with its owner’s draft cookie', () => {
    it('is withdrawn with the reason in its history, once however often it is asked', async () => {
      const reference = await draft(t, 'repair', [['personal', personal()]]);
      const first = await post<Envelope<WithdrawAnswer>>(t.app, DRAFT_WITHDRAW, {
        reference_number: reference,
        reason: 'I will build next year instead.',
      });
      expect(first.status).toBe(200);
      expect(first.body!.response.message).toBe(api.en.withdrawn!.replace('{{reference_number}}', reference));
      expect(first.body!.response.data).toMatchObject({ reference_number: reference, status: 'withdrawn' });
      const again = await post<Envelope<WithdrawAnswer>>(t.app, DRAFT_WITHDRAW, {
        reference_number: reference,
        reason: 'Another reason',
      });
      expect(again.status).toBe(200);
      expect(again.body!.response.data).toEqual(first.body!.response.data);
      const row = await stored(t, reference);
      expect(row.status).toBe('withdrawn');
      expect(await eventsOf(row.id)).toEqual([{ status: 'withdrawn', remark: 'I will build next year instead.' }]);

      // Never saved or submitted again.
      const save = await call(t, SAVE, {
        application_type: 'repair',
        step_number: 1,
        data: personal(),
        reference_number: reference,
      });
      expect(save.status).toBe(409);
      expect(save.message).toBe(api.en.application_withdrawn);
      const submit = await call(t, '/api/application/submit_application', { reference_number: reference, data: {} });
      expect(submit.status).toBe(409);
      expect((await stored(t, reference)).revision).toBe(row.revision);
    });

    it('attack: a stranger with the reference number alone withdraws nothing (404, as for an unknown number)', async () => {
      const reference = await draft(t, 'repair', [['personal', personal()]]);
      const stranger = await post(
        t.app,
        DRAFT_WITHDRAW,
        { reference_number: reference, reason: 'Not mine to withdraw' },
        {},
        { asStranger: true },
      );
      const unknown = await post(
        t.app,
        DRAFT_WITHDRAW,
        { reference_number: 'ZZZZZ-ZZZZZ', reason: 'Not mine to withdraw' },
        {},
        { asStranger: true },
      );
      expect(stranger.status).toBe(404);
      expect(stranger.body).toEqual(unknown.body);
      expect((await stored(t, reference)).status).toBe('draft');
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['only spaces', '   '],
      ['too long', 'x'.repeat(WITHDRAW_REASON_MAX + 1)],
    ])('refuses a reason %s and changes nothing', async (_, reason) => {
      const reference = await draft(t, 'repair', [['personal', personal()]]);
      const refused = await post(t.app, DRAFT_WITHDRAW, { reference_number: reference, reason });
      expect([400, 422]).toContain(refused.status);
      expect((await stored(t, reference)).status).toBe('draft');
    });

    it('attack: a reason with a bidi override is refused on its field, in Swahili', async () => {
      const reference = await draft(t, 'repair', [['personal', personal()]]);
      const refused = await post<Envelope<{ errors: unknown[] }>>(
        t.app,
        DRAFT_WITHDRAW,
        { reference_number: reference, reason: 'sababu \u202Egnp.exe' },
        { 'accept-language': 'sw' },
      );
      expect(refused.status).toBe(422);
      expect(refused.body!.response.data.errors).toEqual([{ path: '/reason', message: expect.any(String) }]);
      expect((await stored(t, reference)).status).toBe('draft');
    });
  });

  describe('a submitted application, signed in', () => {
    it('is withdrawn before a decision; staff see it in the list and the detail with the reason', async () => {
      const person = newPerson('0440');
      const app = await applicationIn(t, person, 'under_review');
      const cookie = await signIn(t, app.reference, person.phone);
      const withdrawn = await dashboardCall<WithdrawAnswer>(t, 'withdraw_application', cookie, {
        reason: 'The plot was sold.',
      });
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body!.response.data).toMatchObject({ reference_number: app.reference, status: 'withdrawn' });
      const again = await dashboardCall<WithdrawAnswer>(t, 'withdraw_application', cookie, { reason: 'Again' });
      expect(again.body!.response.data).toEqual(withdrawn.body!.response.data);
      expect(await eventsOf(app.id)).toEqual([{ status: 'withdrawn', remark: 'The plot was sold.' }]);

      const shown = await dashboardCall<DashboardApplication>(t, 'get_application', cookie);
      expect(shown.body!.response.data.status).toBe('withdrawn');
      expect(shown.body!.response.data.history[0]).toMatchObject({ status: 'withdrawn', remark: 'The plot was sold.' });

      const listed = await staff('list_applications', { status: 'withdrawn' });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body!.response.data)).toContain(app.reference);
      const detail = await staff('get_application', { reference_number: app.reference });
      expect(detail.body!.response.data).toMatchObject({ status: 'withdrawn' });
      expect(JSON.stringify(detail.body!.response.data)).toContain('The plot was sold.');

      // Staff can no longer move it, invoice it or take its payment.
      expect((await staff('set_status', { reference_number: app.reference, status: 'approved' })).status).toBe(409);
      const invoice = await staff('add_invoice', {
        reference_number: app.reference,
        amount_tzs: 1000,
        amount_reason: 'Set by the unit for this test.',
        control_number: '99112233445566',
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      });
      expect(invoice.status).toBe(409);
    });

    it('an invoice issued before the withdrawal can no longer be marked paid', async () => {
      const person = newPerson('0441');
      const app = await applicationIn(t, person, 'under_review');
      const invoice = await staff('add_invoice', {
        reference_number: app.reference,
        amount_tzs: 1000,
        amount_reason: 'Set by the unit for this test.',
        control_number: '99112233445577',
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      });
      expect(invoice.status).toBe(200);
      const cookie = await signIn(t, app.reference, person.phone);
      expect((await dashboardCall(t, 'withdraw_application', cookie, { reason: 'Changed my mind' })).status).toBe(200);
      const paid = await staff('mark_invoice_paid', {
        invoice_id: (invoice.body!.response.data as { invoice_id: string }).invoice_id,
      });
      expect(paid.status).toBe(409);
    });

    it.each(['approved', 'rejected', 'permit_issued'])('is refused once decided (%s), in Swahili', async (status) => {
      const person = newPerson(status === 'approved' ? '0442' : status === 'rejected' ? '0443' : '0444');
      const app = await applicationIn(t, person, status);
      const cookie = await signIn(t, app.reference, person.phone);
      const refused = await dashboardCall(
        t,
        'withdraw_application',
        cookie,
        { reason: 'Too late' },
        { 'accept-language': 'sw' },
      );
      expect(refused.status).toBe(409);
      expect(refused.body!.response.message).toMatch(/hayawezi kuondolewa/);
      expect(await eventsOf(app.id)).toEqual([]);
    });

    it('attack: without a session nothing is withdrawn (401)', async () => {
      const person = newPerson('0445');
      const app = await applicationIn(t, person, 'submitted');
      const refused = await dashboardCall(t, 'withdraw_application', undefined, { reason: 'Not mine' });
      expect(refused.status).toBe(401);
      const row = await t.database.db
        .selectFrom('application')
        .select('status')
        .where('id', '=', app.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('submitted');
    });
  });
});
