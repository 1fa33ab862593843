import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { controlNumberCallback, PAYMENT_BODY_LIMIT } from '../../src/shared/api/payments';
import { RAISE_BILL_QUEUE } from '../../src/server/payments/payments-service';
import { api } from './application-fixtures';
import { createTestApp, databaseKinds, type TestApp } from './helpers';
import {
  TOKEN,
  actionsOf,
  billsOf,
  day,
  forgerKey,
  invoiceRow,
  notice,
  paymentsOf,
  postSigned,
  simulatorOf,
  smsTo,
  staff,
} from './payments-fixtures';
import { applicationIn, newPerson } from './signed-in-fixtures';

// Control-number payment (issue 19, item 3): bills raised through the gateway adapter, the signed
// payment notices (idempotent, partial, over, late, forged, unknown), control numbers by callback,
// a gateway that is down, expiry and re-issue, and reconciliation — all against the simulator.

const SETUP_MS = 120_000;
const paymentsText = (api.en as unknown as { payments: Record<string, string> }).payments;

describe.each(databaseKinds)('control-number payment (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN }, { kind });
  }, SETUP_MS);
  afterAll(() => t?.close());
  beforeEach(() => {
    simulatorOf(t).configure({ failing: false, control_number_by_callback: false });
  });

  /** A submitted application (its applicant's SMS in `language`) with an invoice of `amount` raised through the simulator. */
  async function invoiced(amount = 1_000_000, language: 'en' | 'sw' = 'en', prefix = '61') {
    const person = newPerson(prefix);
    const application = await applicationIn(t, person, 'submitted');
    await t.database.db.updateTable('application').set({ language }).where('id', '=', application.id).execute();
    const added = await staff(t, 'add_invoice', {
      reference_number: application.reference,
      amount_tzs: amount,
      amount_reason: 'Set by the unit for this test.',
      due_date: day(10),
      description: 'Permit fee',
    });
    expect(added.status, JSON.stringify(added)).toBe(200);
    const invoiceId = added.data.invoice_id as string;
    const [bill] = await billsOf(t, invoiceId);
    return { person, application, added, invoiceId, bill: bill! };
  }

  describe('raising a bill', () => {
    it('add_invoice raises the bill: the control number comes at once, with how to pay by SMS in the applicant’s language', async () => {
      const { person, added, invoiceId, bill } = await invoiced(1_250_000, 'sw');
      expect(added.data).toMatchObject({
        amount_tzs: 1_250_000,
        amount_reason: 'Set by the unit for this test.',
        status: 'unpaid',
        control_number: expect.stringMatching(/^99[0-9]{10}$/),
      });
      expect(bill).toMatchObject({
        status: 'issued',
        provider: 'simulator',
        payer_name: 'Asha Juma',
        payer_phone: person.phone,
      });
      expect(bill.control_number).toBe(added.data.control_number);
      expect((await invoiceRow(t, invoiceId)).control_number).toBe(bill.control_number);
      const [sms] = await smsTo(t, person.phone).then((all) => all.slice(-1));
      expect(sms).toContain(bill.control_number!);
      expect(sms).toContain('1,250,000');
      // How to pay, in Swahili: the mobile money menu path, USSD and the bank.
      expect(sms).toContain('Lipa kwa simu → Malipo ya Serikali → weka namba ya malipo');
      expect(sms).toContain('M-Pesa *150*00#');
      expect(sms).toContain('benki');
      const notes = await t.database.db
        .selectFrom('notification')
        .select(['kind', 'params'])
        .where('application_id', '=', bill ? (await invoiceRow(t, invoiceId)).application_id : 0)
        .execute();
      expect(notes.map((n) => n.kind)).toEqual(['bill_issued']);
    });

    it('takes the control number later by the gateway’s signed callback, then tells the applicant', async () => {
      simulatorOf(t).configure({ control_number_by_callback: true });
      const { person, added, invoiceId, bill } = await invoiced();
      expect(added.data.control_number).toBeNull();
      expect(bill).toMatchObject({ status: 'raising', control_number: null });
      const before = (await smsTo(t, person.phone)).length;
      await simulatorOf(t).settled();
      const [issued] = await billsOf(t, invoiceId);
      expect(issued).toMatchObject({ status: 'issued', control_number: expect.stringMatching(/^99/) });
      expect((await invoiceRow(t, invoiceId)).control_number).toBe(issued!.control_number);
      const texts = await smsTo(t, person.phone);
      expect(texts).toHaveLength(before + 1);
      expect(texts.at(-1)).toContain(issued!.control_number!);
      expect(texts.at(-1)).toContain('Pay by phone → Government payments → enter control number');
      // The same callback again changes nothing and tells no one twice; a forged one is refused.
      const body = JSON.stringify({ bill_id: bill.id, control_number: issued!.control_number });
      expect((await postSigned(t, body, { path: controlNumberCallback.path })).status).toBe(200);
      expect(await smsTo(t, person.phone)).toHaveLength(before + 1);
      const forged = JSON.stringify({ bill_id: bill.id, control_number: '991111111111' });
      const refused = await postSigned(t, forged, { path: controlNumberCallback.path, key: forgerKey() });
      expect(refused.status).toBe(401);
      expect((await billsOf(t, invoiceId))[0]!.control_number).toBe(issued!.control_number);
    });

    it('keeps the invoice when the gateway is down; the raise job raises it once the gateway is back', async () => {
      simulatorOf(t).configure({ failing: true });
      const { person, added, invoiceId, bill } = await invoiced();
      expect(added.data.control_number).toBeNull();
      expect(bill).toMatchObject({ status: 'raising', raise_attempts: 1, last_error: expect.stringContaining('down') });
      // Its job waits on the job runner (written with the invoice).
      expect(await t.app.jobs.idle(RAISE_BILL_QUEUE)).toBe(false);
      // The job's work while the gateway is still down: it throws, so pg-boss retries it.
      await expect(t.app.payments.raise(bill.id, { rethrow: true })).rejects.toThrow(/down/);
      simulatorOf(t).configure({ failing: false });
      const number = await t.app.payments.raise(bill.id, { rethrow: true });
      expect(number).toMatch(/^99/);
      expect((await invoiceRow(t, invoiceId)).control_number).toBe(number);
      expect((await smsTo(t, person.phone)).at(-1)).toContain(number!);
    });

    it('a bill registered elsewhere by the integration keeps its given control number (no bill raised)', async () => {
      const application = await applicationIn(t, newPerson('62'), 'submitted');
      const added = await staff(t, 'add_invoice', {
        reference_number: application.reference,
        amount_tzs: 5000,
        amount_reason: 'Set by the unit for this test.',
        control_number: '994400000001',
        due_date: day(5),
      });
      expect(added.data).toMatchObject({ control_number: '994400000001' });
      expect(await billsOf(t, added.data.invoice_id as string)).toEqual([]);
    });
  });

  describe('payment notices', () => {
    it('a signed notice pays the invoice, with a receipt, and the applicant is told', async () => {
      const { person, invoiceId, bill, application } = await invoiced(300_000);
      const paid = await simulatorOf(t).pay({ control_number: bill.control_number!, channel: 'airtel_money' });
      expect(paid.acknowledgements).toEqual([
        {
          transaction_id: paid.transaction_id,
          status: 'accepted',
          receipt_number: expect.stringMatching(/^RC-\d{4}-\d{6}$/),
        },
      ]);
      const invoice = await invoiceRow(t, invoiceId);
      expect(invoice.paid_at).not.toBeNull();
      expect(Number(invoice.paid_tzs)).toBe(300_000);
      expect(await paymentsOf(t, invoiceId)).toEqual([
        expect.objectContaining({
          transaction_id: paid.transaction_id,
          amount_tzs: expect.anything(),
          channel: 'airtel_money',
          source: 'notice',
        }),
      ]);
      expect((await billsOf(t, invoiceId))[0]!.status).toBe('paid');
      expect((await smsTo(t, person.phone)).at(-1)).toContain('payment of TZS 300,000');
      const events = await actionsOf(t, application.id);
      expect(events.at(-1)).toMatchObject({
        action: 'payment_received',
        by_kind: 'system',
        by_name: 'payment gateway',
      });
    });

    it('the same notice twice pays once and answers the same acknowledgement', async () => {
      const { invoiceId, bill, person } = await invoiced(200_000);
      const paid = await simulatorOf(t).pay({ control_number: bill.control_number!, duplicate: true });
      expect(paid.acknowledgements).toHaveLength(2);
      expect(paid.acknowledgements[1]).toEqual(paid.acknowledgements[0]);
      expect(await paymentsOf(t, invoiceId)).toHaveLength(1);
      expect(Number((await invoiceRow(t, invoiceId)).paid_tzs)).toBe(200_000);
      expect((await smsTo(t, person.phone)).filter((m) => m.includes('has been received'))).toHaveLength(1);
    });

    it('the same transaction id with other content is refused (409) and changes nothing', async () => {
      const { invoiceId, bill } = await invoiced(200_000);
      const first = notice({ id: bill.id, control_number: bill.control_number! }, { amount_tzs: 1000 });
      expect((await postSigned(t, JSON.stringify(first))).status).toBe(200);
      const second = await postSigned(t, JSON.stringify({ ...first, amount_tzs: 199_000 }));
      expect(second.status).toBe(409);
      expect(second.body!.response.message).toBe(paymentsText.transaction_conflict);
      expect(Number((await invoiceRow(t, invoiceId)).paid_tzs)).toBe(1000);
    });

    it('partial payments accumulate: partly paid, then paid when the sum reaches the amount', async () => {
      const { invoiceId, bill, person } = await invoiced(1_000_000, 'sw');
      await simulatorOf(t).pay({ control_number: bill.control_number!, amount_tzs: 400_000 });
      let invoice = await invoiceRow(t, invoiceId);
      expect(invoice.paid_at).toBeNull();
      expect(Number(invoice.paid_tzs)).toBe(400_000);
      expect((await smsTo(t, person.phone)).at(-1)).toContain('Bado unatakiwa kulipa TZS 600,000');
      await simulatorOf(t).pay({ control_number: bill.control_number!, amount_tzs: 600_000 });
      invoice = await invoiceRow(t, invoiceId);
      expect(invoice.paid_at).not.toBeNull();
      expect(Number(invoice.paid_tzs)).toBe(1_000_000);
      expect(await paymentsOf(t, invoiceId)).toHaveLength(2);
    });

    it('an over-payment is recorded and staff are told in the history', async () => {
      const { invoiceId, bill, application } = await invoiced(100_000);
      await simulatorOf(t).pay({ control_number: bill.control_number!, amount_tzs: 130_000 });
      const invoice = await invoiceRow(t, invoiceId);
      expect(invoice.paid_at).not.toBeNull();
      expect(Number(invoice.paid_tzs)).toBe(130_000);
      const seen = await staff(t, 'get_application', { reference_number: application.reference });
      const history = seen.data.history as { action: string; details: Record<string, unknown> }[];
      expect(history.find((e) => e.action === 'payment_over')?.details).toEqual({
        invoice_id: invoiceId,
        over_tzs: 30_000,
      });
    });

    it('refuses a forged signature, a tampered body and a missing signature (401), changing nothing', async () => {
      const { invoiceId, bill } = await invoiced(50_000);
      const honest = notice({ id: bill.id, control_number: bill.control_number! }, { amount_tzs: 50_000 });
      const body = JSON.stringify(honest);
      // A forger signs with their own key.
      const forged = await postSigned(t, body, { key: forgerKey() });
      expect(forged.status).toBe(401);
      expect(forged.body!.response).toMatchObject({ code: 401, message: paymentsText.bad_signature });
      // A real signature over other bytes: the amount was changed on the way.
      const tampered = await postSigned(t, body.replace('"amount_tzs":50000', '"amount_tzs":50001'), {
        signedBody: body,
      });
      expect(tampered.status).toBe(401);
      // No signature, and garbage in place of one.
      expect((await postSigned(t, body, { signature: null })).status).toBe(401);
      expect((await postSigned(t, body, { signature: 'not-base64!' })).status).toBe(401);
      expect(await paymentsOf(t, invoiceId)).toEqual([]);
      expect((await invoiceRow(t, invoiceId)).paid_at).toBeNull();
      // In Swahili for a Swahili caller; the honest notice still goes through afterwards.
      expect((await postSigned(t, body)).status).toBe(200);
      expect((await invoiceRow(t, invoiceId)).paid_at).not.toBeNull();
    });

    it('refuses a signed body that is not a notice (400) and a body over the limit (413)', async () => {
      const { invoiceId, bill } = await invoiced(50_000);
      const bad = notice({ id: bill.id, control_number: bill.control_number! }, { amount_tzs: -5 });
      expect((await postSigned(t, JSON.stringify(bad))).status).toBe(400);
      const big = JSON.stringify({
        ...notice({ id: bill.id, control_number: bill.control_number! }),
        pad: 'x'.repeat(PAYMENT_BODY_LIMIT),
      });
      expect((await postSigned(t, big)).status).toBe(413);
      expect(await paymentsOf(t, invoiceId)).toEqual([]);
    });

    it('a notice for an unknown control number is kept, applied to nothing, and acknowledged as unmatched', async () => {
      const stray = notice({ id: 'no-such-bill', control_number: '990000000042' }, { amount_tzs: 7000 });
      const answer = await postSigned(t, JSON.stringify(stray));
      expect(answer.status).toBe(200);
      expect(answer.body!.response.data).toEqual({
        transaction_id: stray.transaction_id,
        status: 'unmatched',
        receipt_number: null,
      });
      const row = await t.database.db
        .selectFrom('payment')
        .selectAll()
        .where('transaction_id', '=', stray.transaction_id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ invoice_id: null, receipt_number: null, control_number: '990000000042' });
      expect((await postSigned(t, JSON.stringify(stray))).body!.response.data).toEqual(answer.body!.response.data);
    });
  });

  describe('expiry, re-issue and reconciliation', () => {
    it('an expired, partly paid bill is re-issued for the balance with a new number and an SMS; a late notice on the old number still counts', async () => {
      const { person, invoiceId, bill, application } = await invoiced(900_000);
      await simulatorOf(t).pay({ control_number: bill.control_number!, amount_tzs: 100_000 });
      // Before its expiry nothing happens; after it, a new bill for the balance.
      expect(await t.app.payments.reissueExpired(new Date(bill.expires_at.getTime() - 1000))).toBe(0);
      const later = new Date(new Date(bill.expires_at).getTime() + 60_000);
      expect(await t.app.payments.reissueExpired(later)).toBeGreaterThanOrEqual(1);
      const [old, fresh] = await billsOf(t, invoiceId);
      expect(old).toMatchObject({ id: bill.id, status: 'expired' });
      expect(fresh).toMatchObject({ status: 'issued', amount_tzs: expect.anything() });
      expect(Number(fresh!.amount_tzs)).toBe(800_000);
      expect(fresh!.control_number).not.toBe(bill.control_number);
      expect(new Date(fresh!.expires_at).getTime()).toBe(later.getTime() + 14 * 86_400_000);
      expect((await invoiceRow(t, invoiceId)).control_number).toBe(fresh!.control_number);
      const sms = (await smsTo(t, person.phone)).at(-1)!;
      expect(sms).toContain(fresh!.control_number!);
      expect(sms).toContain('800,000');
      expect(sms).toContain('old control number expired');
      // Run again: nothing more to re-issue.
      expect(await t.app.payments.reissueExpired(later)).toBe(0);

      // The payer paid the old number just before it expired; its notice comes late: it still counts.
      const late = await simulatorOf(t).pay({ control_number: bill.control_number!, amount_tzs: 800_000 });
      expect(late.acknowledgements[0]).toMatchObject({ status: 'accepted' });
      expect((await invoiceRow(t, invoiceId)).paid_at).not.toBeNull();
      expect((await billsOf(t, invoiceId))[1]!.status).toBe('cancelled');
      const events = await actionsOf(t, application.id);
      expect(events.map((e) => e.action)).toContain('bill_reissued');
      expect(events.at(-1)!.details).toMatchObject({ late: true, bill_status: 'expired' });
    });

    it('reconciliation asks the gateway about a bill with no notice and applies the payment once', async () => {
      const { invoiceId, bill } = await invoiced(250_000);
      const lost = await simulatorOf(t).pay({ control_number: bill.control_number!, lose_notice: true });
      expect(lost.acknowledgements).toEqual([]);
      expect((await invoiceRow(t, invoiceId)).paid_at).toBeNull();
      // Too young to ask about yet.
      expect((await t.app.payments.reconcile(new Date())).applied).toBe(0);
      const later = new Date(Date.now() + 11 * 60_000);
      const run = await t.app.payments.reconcile(later);
      expect(run.applied).toBe(1);
      expect((await invoiceRow(t, invoiceId)).paid_at).not.toBeNull();
      expect(await paymentsOf(t, invoiceId)).toEqual([
        expect.objectContaining({ transaction_id: lost.transaction_id, source: 'reconciliation' }),
      ]);
      // The notice arrives after all: the same payment, the same acknowledgement.
      const late = await postSigned(t, JSON.stringify({ ...(await simulatorOf(t).queryBill(bill.id)).payments[0] }));
      expect(late.body!.response.data).toMatchObject({ transaction_id: lost.transaction_id, status: 'accepted' });
      expect(await paymentsOf(t, invoiceId)).toHaveLength(1);
    });
  });

  describe('staff', () => {
    it('mark_invoice_paid records the balance as a cash payment with a receipt, as such', async () => {
      const { invoiceId, bill, application } = await invoiced(70_000);
      await simulatorOf(t).pay({ control_number: bill.control_number!, amount_tzs: 20_000 });
      const marked = await staff(t, 'mark_invoice_paid', { invoice_id: invoiceId });
      expect(marked.status).toBe(200);
      const payments = await paymentsOf(t, invoiceId);
      expect(payments.map((p) => [p.source, p.channel, Number(p.amount_tzs)])).toEqual([
        ['notice', 'mpesa', 20_000],
        ['staff', 'cash', 50_000],
      ]);
      expect((await billsOf(t, invoiceId))[0]!.status).toBe('cancelled');
      const events = await actionsOf(t, application.id);
      expect(events.at(-1)).toMatchObject({
        action: 'mark_invoice_paid',
        by_kind: 'integration',
        details: expect.objectContaining({
          recorded_as: 'cash_or_exception',
          receipt_number: payments[1]!.receipt_number,
        }),
      });
    });
  });
});
