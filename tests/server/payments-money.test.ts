import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inboundSms } from '../../src/shared/api/inbound-sms';
import type { MoneyTotals } from '../../src/shared/api/payment-exceptions';
import { controlNumberCallback, type ApplicantInvoice } from '../../src/shared/api/payments';
import { CANCEL_BILL_QUEUE } from '../../src/server/payments/bill-cancellation';
import { SimulatedGateway } from '../../src/server/payments/simulated-gateway';
import { insertSimulatedPayment } from '../../src/server/payments/simulated-gateway-repository';
import { api } from './application-fixtures';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';
import {
  TOKEN,
  actionsOf,
  billsOf,
  day,
  invoiceRow,
  notice,
  paymentsOf,
  postSigned,
  simulatorOf,
  smsTo,
  staff,
  type Data,
} from './payments-fixtures';
import { applicationIn, dashboardCall, newPerson, signIn } from './signed-in-fixtures';

// Issue 31, item 6: the money adds up for the applicant and the unit, with nothing lost. Each money
// path is written as the attack that lost money or told the applicant the wrong thing before, run
// through the simulator and the real signed notice endpoint; after each, the unit's totals are
// reconciled to the shilling from the tables themselves (payments = applied + unmatched +
// over-payments + refunds) and against list_payment_exceptions' own totals.

const SETUP_MS = 120_000;
const SMS_TOKEN = 'money-inbound-token-0123456789abcdef';
const backOffice = api.sw.back_office as unknown as Record<string, string>;

describe.each(databaseKinds)('the money adds up (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN, SMS_INBOUND_TOKEN: SMS_TOKEN }, { kind });
  }, SETUP_MS);
  afterAll(() => t?.close());
  beforeEach(() => {
    simulatorOf(t).configure({ failing: false, control_number_by_callback: false });
  });

  /**
   * The unit's books from the tables, to the shilling: every payment is either taken by an invoice
   * (not cancelled, up to its amount) or held as an exception (unmatched, over-paid, to refund) that
   * was not later applied or matched. Also what list_payment_exceptions says of them.
   */
  async function reconciled() {
    const { rows } = await sql<{ payments: string; applied: string; held: string; open: string }>`
      select
        (select coalesce(sum(amount_tzs), 0) from payment)::text as payments,
        (select coalesce(sum(least(paid_tzs, amount_tzs)), 0) from invoice where cancelled_at is null)::text as applied,
        (select coalesce(sum(amount_tzs), 0) from payment_exception
          where settled_how is null or settled_how not in ('applied', 'matched'))::text as held,
        (select coalesce(sum(amount_tzs), 0) from payment_exception where settled_at is null)::text as open
    `.execute(t.database.db);
    const books = {
      payments: Number(rows[0]!.payments),
      applied: Number(rows[0]!.applied),
      held: Number(rows[0]!.held),
    };
    expect(books.payments).toBe(books.applied + books.held);
    const listed = await staff(t, 'list_payment_exceptions', {});
    expect(listed.status).toBe(200);
    const totals = listed.data.totals as MoneyTotals;
    expect(totals.payments_tzs).toBe(books.payments);
    expect(totals.applied_tzs).toBe(books.applied);
    expect(totals.unmatched_tzs + totals.over_payments_tzs + totals.refunds_tzs).toBe(books.held);
    expect(totals.open_tzs).toBe(Number(rows[0]!.open));
    return totals;
  }

  /** A submitted application with an invoice of the fee estimate (no amount given: the default). */
  async function invoiced(prefix: string, language: 'en' | 'sw' = 'en') {
    const person = newPerson(prefix);
    const application = await applicationIn(t, person, 'submitted');
    await t.database.db.updateTable('application').set({ language }).where('id', '=', application.id).execute();
    const added = await staff(t, 'add_invoice', {
      reference_number: application.reference,
      due_date: day(10),
      description: 'Permit fee',
    });
    expect(added.status, JSON.stringify(added)).toBe(200);
    const invoiceId = added.data.invoice_id as string;
    const [bill] = await billsOf(t, invoiceId);
    return { person, application, added, invoiceId, bill: bill!, amount: Number(added.data.amount_tzs) };
  }

  const exceptionsOf = (paymentTransaction: string) =>
    t.database.db
      .selectFrom('payment_exception')
      .innerJoin('payment', 'payment.id', 'payment_exception.payment_id')
      .selectAll('payment_exception')
      .where('payment.transaction_id', '=', paymentTransaction)
      .execute();

  const applicantInvoices = async (reference: string, phone: string) => {
    const cookie = await signIn(t, reference, phone);
    const answer = await dashboardCall<ApplicantInvoice[]>(t, 'get_invoices', cookie);
    expect(answer.status).toBe(200);
    return { cookie, invoices: answer.body!.response.data };
  };

  describe('a notice that comes before its control number is known', () => {
    it('is matched when the control number arrives by the gateway’s callback: receipt made, invoice paid, applicant told', async () => {
      // The gateway has the bill but has not called back yet (its callback is posted below, signed).
      simulatorOf(t).configure({ failing: true });
      const { person, invoiceId, bill, amount } = await invoiced('71');
      expect(bill.control_number).toBeNull();
      // The citizen pays at once with the number the gateway gave them; its notice beats the callback.
      const number = SimulatedGateway.controlNumberOf(bill.id);
      const early = notice({ id: bill.id, control_number: number }, { amount_tzs: amount });
      const first = await postSigned(t, JSON.stringify(early));
      expect(first.body!.response.data).toMatchObject({ status: 'unmatched', receipt_number: null });
      expect((await reconciled()).unmatched_tzs).toBeGreaterThanOrEqual(amount);
      simulatorOf(t).configure({ failing: false });
      const callback = JSON.stringify({ bill_id: bill.id, control_number: number });
      expect((await postSigned(t, callback, { path: controlNumberCallback.path })).status).toBe(200);
      // Matched: before the fix it stayed unmatched for ever and the invoice unpaid.
      const [payment] = await paymentsOf(t, invoiceId);
      expect(payment).toMatchObject({ transaction_id: early.transaction_id, bill_id: bill.id });
      expect(payment!.receipt_number).toMatch(/^RC-/);
      const invoice = await invoiceRow(t, invoiceId);
      expect(Number(invoice.paid_tzs)).toBe(amount);
      expect(invoice.paid_at).not.toBeNull();
      expect((await exceptionsOf(early.transaction_id))[0]).toMatchObject({
        kind: 'unmatched',
        settled_how: 'matched',
      });
      expect((await smsTo(t, person.phone)).at(-1)).toContain('has been received');
      // The same notice again now answers accepted, with its receipt; nothing is paid twice.
      const again = await postSigned(t, JSON.stringify(early));
      expect(again.body!.response.data).toEqual({
        transaction_id: early.transaction_id,
        status: 'accepted',
        receipt_number: payment!.receipt_number,
      });
      expect(Number((await invoiceRow(t, invoiceId)).paid_tzs)).toBe(amount);
      await reconciled();
    });

    it('is matched when the raise job gets the number from a gateway that was down', async () => {
      simulatorOf(t).configure({ failing: true });
      const { invoiceId, bill, amount } = await invoiced('72');
      const number = SimulatedGateway.controlNumberOf(bill.id);
      const part = notice({ id: bill.id, control_number: number }, { amount_tzs: amount - 1000 });
      expect((await postSigned(t, JSON.stringify(part))).body!.response.data.status).toBe('unmatched');
      simulatorOf(t).configure({ failing: false });
      expect(await t.app.payments.raise(bill.id, { rethrow: true })).toBe(number);
      const invoice = await invoiceRow(t, invoiceId);
      expect(Number(invoice.paid_tzs)).toBe(amount - 1000);
      expect(invoice.paid_at).toBeNull();
      await reconciled();
    });

    it('left unmatched before this fix, it is matched by the re-sent notice and by reconciliation', async () => {
      // The gateway down: the bills wait with no number (no callback to come).
      simulatorOf(t).configure({ failing: true });
      const one = await invoiced('73');
      const two = await invoiced('73');
      const resent = notice(
        { id: one.bill.id, control_number: SimulatedGateway.controlNumberOf(one.bill.id) },
        { amount_tzs: one.amount },
      );
      const lost = notice(
        { id: two.bill.id, control_number: SimulatedGateway.controlNumberOf(two.bill.id) },
        { amount_tzs: two.amount },
      );
      for (const early of [resent, lost]) {
        expect((await postSigned(t, JSON.stringify(early))).body!.response.data.status).toBe('unmatched');
      }
      // The gateway's record of the second payment (reconciliation asks it).
      await insertSimulatedPayment(t.database.db, { ...lost, paid_at: new Date(lost.paid_at) });
      // The numbers were set as the code before the fix did: no matching then.
      for (const { bill } of [one, two]) {
        await t.database.db
          .updateTable('bill')
          .set({ control_number: SimulatedGateway.controlNumberOf(bill.id), status: 'issued' })
          .where('id', '=', bill.id)
          .execute();
      }
      simulatorOf(t).configure({ failing: false });
      expect(Number((await invoiceRow(t, one.invoiceId)).paid_tzs)).toBe(0);
      // The gateway says the notice again: matched now.
      const answer = await postSigned(t, JSON.stringify(resent));
      expect(answer.body!.response.data).toMatchObject({
        status: 'accepted',
        receipt_number: expect.stringMatching(/^RC-/),
      });
      expect((await invoiceRow(t, one.invoiceId)).paid_at).not.toBeNull();
      // Reconciliation finds the other (reported by the gateway, known to us unmatched): matched too.
      await t.app.payments.reconcile(new Date(Date.now() + 3_600_000));
      expect((await invoiceRow(t, two.invoiceId)).paid_at).not.toBeNull();
      expect((await exceptionsOf(lost.transaction_id))[0]!.settled_how).toBe('matched');
      await reconciled();
    });

    it('a notice naming another bill than the one with that number is never matched to it', async () => {
      simulatorOf(t).configure({ control_number_by_callback: true });
      const { invoiceId, bill, amount } = await invoiced('74');
      const wrong = notice(
        { id: 'someone-elses-bill', control_number: SimulatedGateway.controlNumberOf(bill.id) },
        { amount_tzs: amount },
      );
      expect((await postSigned(t, JSON.stringify(wrong))).body!.response.data.status).toBe('unmatched');
      await simulatorOf(t).settled();
      expect(Number((await invoiceRow(t, invoiceId)).paid_tzs)).toBe(0);
      expect((await exceptionsOf(wrong.transaction_id))[0]).toMatchObject({ kind: 'unmatched', settled_at: null });
      await reconciled();
    });
  });

  describe('withdrawal', () => {
    it('cancels the open bills (a job while the gateway is down); a payment that still comes is money to refund; the applicant is told nothing is due', async () => {
      const { person, application, invoiceId, bill, amount } = await invoiced('75');
      const controlNumber = bill.control_number!;
      const { cookie, invoices: before } = await applicantInvoices(application.reference, person.phone);
      expect(before[0]).toMatchObject({ status: 'unpaid', control_number: controlNumber });
      simulatorOf(t).configure({ failing: true });
      const withdrawn = await dashboardCall(t, 'withdraw_application', cookie, { reason: 'I sold the plot.' });
      expect(withdrawn.status).toBe(200);
      const [closed] = await billsOf(t, invoiceId);
      expect(closed).toMatchObject({ status: 'cancelled', gateway_cancelled_at: null });
      // Its cancellation waits on the job runner (written in the withdrawal's transaction).
      expect(await t.app.jobs.idle(CANCEL_BILL_QUEUE)).toBe(false);
      // The citizen pays before the gateway has heard of the cancellation: the notice still comes.
      const paid = await simulatorOf(t).pay({ control_number: controlNumber, amount_tzs: amount });
      expect(paid.acknowledgements[0]).toMatchObject({
        status: 'accepted',
        receipt_number: expect.stringMatching(/^RC-/),
      });
      const invoice = await invoiceRow(t, invoiceId);
      expect(invoice.cancelled_at).not.toBeNull();
      expect(Number(invoice.paid_tzs)).toBe(0);
      expect(await exceptionsOf(paid.transaction_id)).toEqual([
        expect.objectContaining({ kind: 'refund_due', amount_tzs: expect.anything(), settled_at: null }),
      ]);
      expect(Number((await exceptionsOf(paid.transaction_id))[0]!.amount_tzs)).toBe(amount);
      expect((await smsTo(t, person.phone)).at(-1)).toContain('will refund it to you');
      // The Invoices tab: cancelled, nothing to pay, no control number, the money to refund said.
      const after = (await dashboardCall<ApplicantInvoice[]>(t, 'get_invoices', cookie)).body!.response.data;
      expect(after[0]).toMatchObject({
        status: 'cancelled',
        balance_tzs: 0,
        control_number: null,
        expires_at: null,
        excess: [{ kind: 'refund_due', amount_tzs: amount, settled_how: null }],
      });
      // The status SMS no longer says "Still to pay" with the control number (from a full phone number).
      await t.database.db
        .updateTable('application')
        .set({ phone: '+255 777 310 075' })
        .where('id', '=', application.id)
        .execute();
      const replied = await post<Envelope<{ replied: boolean }>>(
        t.app,
        inboundSms.path,
        { message_id: `money-${Date.now()}`, from: '255777310075', text: `STATUS ${application.reference}` },
        { authorization: `Bearer ${SMS_TOKEN}` },
        { asStranger: true },
      );
      expect(replied.body!.response.data.replied).toBe(true);
      const status = (
        await t.database.db
          .selectFrom('sms_outbox')
          .select(['message', 'purpose'])
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow()
      ).message;
      expect(status).toContain('Withdrawn');
      expect(status).not.toContain('Still to pay');
      expect(status).not.toContain(controlNumber);
      const totals = await reconciled();
      expect(totals.refunds_tzs).toBeGreaterThanOrEqual(amount);
      // The gateway is back: the job's work cancels the bill there; its number then takes no money.
      simulatorOf(t).configure({ failing: false });
      expect(await t.app.payments.cancellation.atGateway(bill.id, { rethrow: true })).toBe(true);
      expect((await billsOf(t, invoiceId))[0]!.gateway_cancelled_at).not.toBeNull();
      await expect(simulatorOf(t).pay({ control_number: controlNumber, amount_tzs: 1000 })).rejects.toMatchObject({
        code: 409,
        messageKey: 'payments.bill_cancelled',
      });
      await reconciled();
    });

    it('a part payment made before the withdrawal is money to refund too', async () => {
      const { person, application, invoiceId, bill, amount } = await invoiced('76');
      await simulatorOf(t).pay({ control_number: bill.control_number!, amount_tzs: 1000 });
      const cookie = await signIn(t, application.reference, person.phone);
      expect((await dashboardCall(t, 'withdraw_application', cookie, { reason: 'Not now.' })).status).toBe(200);
      expect((await billsOf(t, invoiceId))[0]).toMatchObject({ status: 'cancelled' });
      expect((await billsOf(t, invoiceId))[0]!.gateway_cancelled_at).not.toBeNull();
      const [part] = await paymentsOf(t, invoiceId);
      expect((await exceptionsOf(part!.transaction_id)).map((e) => [e.kind, Number(e.amount_tzs)])).toEqual([
        ['refund_due', 1000],
      ]);
      const invoices = (await dashboardCall<ApplicantInvoice[]>(t, 'get_invoices', cookie)).body!.response.data;
      expect(invoices[0]).toMatchObject({ status: 'cancelled', balance_tzs: 0, paid_tzs: 1000 });
      expect(amount).toBeGreaterThan(1000);
      await reconciled();
    });
    it('money staff applied to a part-paid invoice is refunded when the application is withdrawn: nothing vanishes', async () => {
      const { person, application, bill, amount } = await invoiced('82');
      const paid = await simulatorOf(t).pay({ control_number: bill.control_number!, amount_tzs: amount + 5_000 });
      const [over] = await exceptionsOf(paid.transaction_id);
      expect(over).toMatchObject({ kind: 'over_payment' });
      const second = await staff(t, 'add_invoice', {
        reference_number: application.reference,
        amount_tzs: 20_000,
        amount_reason: 'Inspection fee.',
        due_date: day(10),
      });
      expect(second.status).toBe(200);
      const secondId = second.data.invoice_id as string;
      const applied = await staff(t, 'settle_payment_exception', {
        exception_id: over!.id,
        how: 'applied',
        invoice_id: secondId,
      });
      expect(applied.status).toBe(200);
      expect(Number((await invoiceRow(t, secondId)).paid_tzs)).toBe(5_000);
      await reconciled();
      // Withdrawn while the second invoice is part paid (by the applied excess, no payment row of its own).
      const cookie = await signIn(t, application.reference, person.phone);
      expect((await dashboardCall(t, 'withdraw_application', cookie, { reason: 'Not now.' })).status).toBe(200);
      expect((await invoiceRow(t, secondId)).cancelled_at).not.toBeNull();
      // Before the fix no refund was due and the 5,000 vanished from the books.
      const refunds = await t.database.db
        .selectFrom('payment_exception')
        .selectAll()
        .where('invoice_id', '=', secondId)
        .where('kind', '=', 'refund_due')
        .execute();
      expect(refunds.map((r) => [r.payment_id, Number(r.amount_tzs), r.settled_at])).toEqual([
        [over!.payment_id, 5_000, null],
      ]);
      const totals = await reconciled();
      expect(totals.refunds_tzs).toBeGreaterThanOrEqual(5_000);
    });

    it('withdraw_overdue (the unit withdraws a returned application) cancels its open bills too', async () => {
      const person = newPerson('81');
      const application = await applicationIn(t, person, 'under_review');
      const added = await staff(t, 'add_invoice', { reference_number: application.reference, due_date: day(10) });
      expect(added.status).toBe(200);
      const invoiceId = added.data.invoice_id as string;
      const returned = await staff(t, 'return_for_changes', {
        reference_number: application.reference,
        requests: [{ kind: 'document', document_type: 'sheha_letter', action: 'add', remark: 'Bring the letter.' }],
        deadline_working_days: 1,
      });
      expect(returned.status, JSON.stringify(returned)).toBe(200);
      // The deadline has passed.
      await t.database.db
        .updateTable('change_round')
        .set({ due_date: '2026-01-05' })
        .where('application_id', '=', application.id)
        .execute();
      const withdrawn = await staff(t, 'withdraw_overdue', {
        reference_number: application.reference,
        reason: 'No answer.',
      });
      expect(withdrawn.status, JSON.stringify(withdrawn)).toBe(200);
      expect((await invoiceRow(t, invoiceId)).cancelled_at).not.toBeNull();
      const [bill] = await billsOf(t, invoiceId);
      expect(bill).toMatchObject({ status: 'cancelled' });
      expect(bill!.gateway_cancelled_at).not.toBeNull();
      await reconciled();
    });
  });

  describe('add_invoice and cancel_invoice', () => {
    it('defaults to the fee estimate with its lines; 10× the estimate without a reason is refused and saves nothing; with one it is kept in the history', async () => {
      const person = newPerson('77');
      const application = await applicationIn(t, person, 'submitted');
      const seen = await staff(t, 'get_application', { reference_number: application.reference });
      const estimate = (seen.data.fee_estimate as { estimate: { total_tzs: number; lines: unknown[] } }).estimate;
      expect(estimate.total_tzs).toBeGreaterThan(0);
      const count = async () =>
        (await t.database.db.selectFrom('invoice').select('id').where('application_id', '=', application.id).execute())
          .length;
      // The slip of the keyboard that went through before: refused, in the caller's language.
      const slip = await post<Envelope<{ errors: { path: string; message: string }[] }>>(
        t.app,
        '/api/staff/add_invoice',
        { reference_number: application.reference, amount_tzs: estimate.total_tzs * 10, due_date: day(10) },
        { authorization: `Bearer ${TOKEN}`, 'accept-language': 'sw' },
      );
      expect(slip.status).toBe(422);
      expect(slip.body!.response.data.errors).toEqual([
        { path: '/amount_reason', message: expect.stringContaining('Makadirio ya ada ni TZS') },
      ]);
      expect(await count()).toBe(0);
      expect(await billsOfApplication(application.id)).toEqual([]);
      // No amount: the estimate, with its lines.
      const estimated = await staff(t, 'add_invoice', { reference_number: application.reference, due_date: day(10) });
      expect(estimated.status).toBe(200);
      expect(estimated.data).toMatchObject({
        amount_tzs: estimate.total_tzs,
        lines: estimate.lines,
        amount_reason: null,
      });
      // Another amount with a reason: kept with the invoice and in the history.
      const other = await staff(t, 'add_invoice', {
        reference_number: application.reference,
        amount_tzs: estimate.total_tzs * 10,
        amount_reason: 'Ten plots on one application.',
        due_date: day(10),
      });
      expect(other.status).toBe(200);
      expect(other.data).toMatchObject({ amount_reason: 'Ten plots on one application.', lines: null });
      const added = (await actionsOf(t, application.id)).filter((a) => a.action === 'add_invoice');
      expect(added.map((a) => a.details)).toEqual([
        expect.objectContaining({ amount_tzs: estimate.total_tzs, estimate_tzs: estimate.total_tzs }),
        expect.objectContaining({
          amount_tzs: estimate.total_tzs * 10,
          estimate_tzs: estimate.total_tzs,
          amount_reason: 'Ten plots on one application.',
        }),
      ]);
      await reconciled();
    });

    it('cancel_invoice cancels its bill at the gateway and tells the applicant in their language; a notice after it is money to refund; a paid one is refused', async () => {
      const { person, application, invoiceId, bill, amount } = await invoiced('78', 'sw');
      const refusals = [
        await staff(t, 'cancel_invoice', { invoice_id: invoiceId, reason: '   ' }),
        await staff(t, 'cancel_invoice', { invoice_id: '00000000-0000-4000-8000-000000000000', reason: 'x' }),
      ];
      expect(refusals.map((r) => r.status)).toEqual([422, 404]);
      expect((await invoiceRow(t, invoiceId)).cancelled_at).toBeNull();
      const cancelled = await staff(t, 'cancel_invoice', {
        invoice_id: invoiceId,
        reason: 'Raised on the wrong application.',
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.data).toMatchObject({ status: 'cancelled', cancelled_bills: [bill.id] });
      const [closed] = await billsOf(t, invoiceId);
      expect(closed!.status).toBe('cancelled');
      expect(closed!.gateway_cancelled_at).not.toBeNull();
      const sms = (await smsTo(t, person.phone)).at(-1)!;
      expect(sms).toContain('imefutwa');
      expect(sms).toContain('Raised on the wrong application.');
      const notes = await t.database.db
        .selectFrom('notification')
        .select('kind')
        .where('application_id', '=', application.id)
        .execute();
      expect(notes.map((n) => n.kind)).toContain('invoice_cancelled');
      const history = (await actionsOf(t, application.id)).find((a) => a.action === 'cancel_invoice');
      expect(history).toMatchObject({ by_kind: 'integration' });
      // Again: refused, in Swahili for a Swahili caller.
      const again = await post<Envelope>(
        t.app,
        '/api/staff/cancel_invoice',
        { invoice_id: invoiceId, reason: 'Again' },
        { authorization: `Bearer ${TOKEN}`, 'accept-language': 'sw' },
      );
      expect(again.status).toBe(409);
      expect(again.body!.response.message).toBe(backOffice.invoice_already_cancelled);
      // Nor can it be marked paid in cash: nothing is due on it.
      expect((await staff(t, 'mark_invoice_paid', { invoice_id: invoiceId })).status).toBe(409);
      // A notice the gateway sends anyway (signed, for the cancelled bill): recorded, to refund.
      const late = notice({ id: bill.id, control_number: bill.control_number! }, { amount_tzs: amount });
      expect((await postSigned(t, JSON.stringify(late))).body!.response.data.status).toBe('accepted');
      expect(Number((await invoiceRow(t, invoiceId)).paid_tzs)).toBe(0);
      expect((await exceptionsOf(late.transaction_id))[0]).toMatchObject({ kind: 'refund_due' });
      await reconciled();
      // A partly paid invoice cannot simply be cancelled: refused, nothing changed.
      const paid = await invoiced('78');
      await simulatorOf(t).pay({ control_number: paid.bill.control_number!, amount_tzs: 500 });
      const refused = await staff(t, 'cancel_invoice', { invoice_id: paid.invoiceId, reason: 'Mistake' });
      expect(refused.status).toBe(409);
      expect(refused.data).toEqual({ paid_tzs: 500 });
      expect((await invoiceRow(t, paid.invoiceId)).cancelled_at).toBeNull();
      expect((await billsOf(t, paid.invoiceId))[0]!.status).toBe('issued');
      await reconciled();
    });
  });

  describe('over-payments and unmatched payments', () => {
    it('the applicant is told the excess and what happens to it; staff list it and settle it, recorded with who; the books add up at each step', async () => {
      const { person, application, invoiceId, bill, amount } = await invoiced('79');
      const paid = await simulatorOf(t).pay({
        control_number: bill.control_number!,
        amount_tzs: amount + 12_345,
        payer_phone: '255777000222',
      });
      expect(paid.acknowledgements[0]!.status).toBe('accepted');
      const [over] = await exceptionsOf(paid.transaction_id);
      expect(over).toMatchObject({ kind: 'over_payment', invoice_id: invoiceId, settled_at: null });
      expect(Number(over!.amount_tzs)).toBe(12_345);
      // Told by SMS and on the Invoices tab: how much, and what happens to it.
      const texts = await smsTo(t, person.phone);
      expect(texts.at(-1)).toContain('TZS 12,345 more than the invoice');
      expect(texts.at(-1)).toContain('refund it to you or apply it to another invoice');
      const { cookie, invoices } = await applicantInvoices(application.reference, person.phone);
      expect(invoices.find((i) => i.invoice_id === invoiceId)!.excess).toEqual([
        { kind: 'over_payment', amount_tzs: 12_345, settled_how: null },
      ]);
      // An unmatched payment too: a number that is no bill of ours.
      const stray = notice({ id: 'no-such-bill', control_number: '990000031006' }, { amount_tzs: 7_000 });
      expect((await postSigned(t, JSON.stringify(stray))).body!.response.data.status).toBe('unmatched');
      await reconciled();
      // Staff see both, open, with the payer's phone (whom to refund).
      const listed = await staff(t, 'list_payment_exceptions', { page_size: 100 });
      const items = listed.data.items as Data[];
      const overItem = items.find((i) => i.exception_id === over!.id)!;
      expect(overItem).toMatchObject({
        kind: 'over_payment',
        amount_tzs: 12_345,
        reference_number: application.reference,
        payer_phone: '255777000222',
        settled: null,
      });
      const strayItem = items.find((i) => i.transaction_id === stray.transaction_id)!;
      expect(strayItem).toMatchObject({ kind: 'unmatched', amount_tzs: 7_000, reference_number: null });
      const onlyUnmatched = await staff(t, 'list_payment_exceptions', { kind: 'unmatched', page_size: 100 });
      expect((onlyUnmatched.data.items as Data[]).every((i) => i.kind === 'unmatched')).toBe(true);
      // Bad settlements change nothing.
      const noRemark = await staff(t, 'settle_payment_exception', { exception_id: over!.id, how: 'other' });
      expect(noRemark.status).toBe(422);
      const second = await staff(t, 'add_invoice', {
        reference_number: application.reference,
        amount_tzs: 10_000,
        amount_reason: 'Inspection fee.',
        due_date: day(10),
      });
      expect(second.status).toBe(200);
      const tooMuch = await staff(t, 'settle_payment_exception', {
        exception_id: over!.id,
        how: 'applied',
        invoice_id: second.data.invoice_id,
      });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.data).toEqual({ balance_tzs: 10_000, amount_tzs: 12_345 });
      expect((await exceptionsOf(paid.transaction_id))[0]!.settled_at).toBeNull();
      // Applied to an invoice whose balance takes it.
      const third = await staff(t, 'add_invoice', {
        reference_number: application.reference,
        amount_tzs: 20_000,
        amount_reason: 'Occupation certificate.',
        due_date: day(10),
      });
      const applied = await staff(t, 'settle_payment_exception', {
        exception_id: over!.id,
        how: 'applied',
        invoice_id: third.data.invoice_id,
        remark: 'As the applicant asked.',
      });
      expect(applied.status).toBe(200);
      expect((applied.data.exception as Data).settled).toMatchObject({
        how: 'applied',
        invoice_id: third.data.invoice_id,
        remark: 'As the applicant asked.',
        by: { kind: 'integration', name: expect.any(String) },
      });
      expect(Number((await invoiceRow(t, third.data.invoice_id as string)).paid_tzs)).toBe(12_345);
      expect((await smsTo(t, person.phone)).at(-1)).toContain('applied to another invoice of yours');
      const settledAgain = await staff(t, 'settle_payment_exception', { exception_id: over!.id, how: 'refunded' });
      expect(settledAgain.status).toBe(409);
      // The unmatched one: settled otherwise, with a remark, by whom.
      const other = await staff(t, 'settle_payment_exception', {
        exception_id: strayItem.exception_id,
        how: 'other',
        remark: 'Paid to the wrong institution: returned by the bank, ref BK-2291.',
      });
      expect(other.status).toBe(200);
      const totals = await reconciled();
      expect(other.data.totals).toEqual(totals);
      const open = (await staff(t, 'list_payment_exceptions', { page_size: 100 })).data.items as Data[];
      expect(open.map((i) => i.exception_id)).not.toContain(over!.id);
      const settled = (await staff(t, 'list_payment_exceptions', { settled: true, page_size: 100 })).data
        .items as Data[];
      expect(settled.map((i) => i.exception_id)).toEqual(expect.arrayContaining([over!.id, strayItem.exception_id]));
      const tab = (await dashboardCall<ApplicantInvoice[]>(t, 'get_invoices', cookie)).body!.response.data;
      expect(tab.find((i) => i.invoice_id === invoiceId)!.excess).toEqual([
        { kind: 'over_payment', amount_tzs: 12_345, settled_how: 'applied' },
      ]);
    });
  });

  async function billsOfApplication(applicationId: number) {
    return t.database.db
      .selectFrom('bill')
      .innerJoin('invoice', 'invoice.id', 'bill.invoice_id')
      .select('bill.id')
      .where('invoice.application_id', '=', applicationId)
      .execute();
  }

  it('a bill cancelled while it was being raised is cancelled at the gateway again when its number comes after all', async () => {
    simulatorOf(t).configure({ failing: true });
    const { person, invoiceId, bill } = await invoiced('83');
    simulatorOf(t).configure({ failing: false, control_number_by_callback: true });
    expect((await staff(t, 'cancel_invoice', { invoice_id: invoiceId, reason: 'Duplicate.' })).status).toBe(200);
    expect((await billsOf(t, invoiceId))[0]!.gateway_cancelled_at).not.toBeNull();
    // The gateway had not registered the bill yet: its cancellation answered "no such bill" (taken as
    // done) and holds nothing; then the raise under way registers it and its number comes by callback.
    await t.database.db.deleteFrom('simulated_bill_cancel').where('bill_id', '=', bill.id).execute();
    const before = (await smsTo(t, person.phone)).length;
    const number = SimulatedGateway.controlNumberOf(bill.id);
    const callback = JSON.stringify({ bill_id: bill.id, control_number: number });
    expect((await postSigned(t, callback, { path: controlNumberCallback.path })).status).toBe(200);
    // Cancelled at the gateway again: the number takes no money (before the fix the citizen could pay it).
    const [after] = await billsOf(t, invoiceId);
    expect(after).toMatchObject({ status: 'cancelled', control_number: number });
    expect(after!.gateway_cancelled_at).not.toBeNull();
    await expect(simulatorOf(t).pay({ control_number: number, amount_tzs: 1000 })).rejects.toMatchObject({
      code: 409,
      messageKey: 'payments.bill_cancelled',
    });
    expect(await smsTo(t, person.phone)).toHaveLength(before);
    expect((await invoiceRow(t, invoiceId)).control_number).toBeNull();
    await reconciled();
  });

  it('the control-number callback for a cancelled bill tells no one and pays nothing', async () => {
    simulatorOf(t).configure({ failing: true });
    const { person, invoiceId, bill } = await invoiced('80');
    simulatorOf(t).configure({ failing: false });
    expect((await staff(t, 'cancel_invoice', { invoice_id: invoiceId, reason: 'Duplicate.' })).status).toBe(200);
    const before = (await smsTo(t, person.phone)).length;
    const body = JSON.stringify({ bill_id: bill.id, control_number: SimulatedGateway.controlNumberOf(bill.id) });
    expect((await postSigned(t, body, { path: controlNumberCallback.path })).status).toBe(200);
    expect(await smsTo(t, person.phone)).toHaveLength(before);
    expect((await invoiceRow(t, invoiceId)).control_number).toBeNull();
    await reconciled();
  });
});
