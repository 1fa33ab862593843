import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The payments' SQL: bills and payments (the invoices: invoices-repository.ts; receipts: receipts-repository.ts). */

type Db = Kysely<Database> | Transaction<Database>;

export interface NewBill {
  id: string;
  invoice_id: string;
  provider: string;
  amount_tzs: number;
  payer_name: string;
  payer_phone: string | null;
  description: string;
  expires_at: Date;
}

export async function insertBill(db: Db, bill: NewBill) {
  await db.insertInto('bill').values(bill).execute();
}

export async function findBill(db: Db, billId: string) {
  return db.selectFrom('bill').selectAll().where('id', '=', billId).executeTakeFirst();
}

export async function lockBill(trx: Transaction<Database>, billId: string) {
  return trx.selectFrom('bill').selectAll().where('id', '=', billId).forUpdate().executeTakeFirst();
}

export async function findBillByControlNumber(db: Db, controlNumber: string) {
  return db.selectFrom('bill').selectAll().where('control_number', '=', controlNumber).executeTakeFirst();
}

export async function countBills(db: Db, invoiceId: string): Promise<number> {
  const row = await db
    .selectFrom('bill')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function billRaiseFailed(db: Db, billId: string, error: string) {
  await db
    .updateTable('bill')
    .set({ raise_attempts: sql`raise_attempts + 1`, last_error: error.slice(0, 500) })
    .where('id', '=', billId)
    .execute();
}

export async function billRaisePending(db: Db, billId: string) {
  await db
    .updateTable('bill')
    .set({ raise_attempts: sql`raise_attempts + 1`, last_error: null })
    .where('id', '=', billId)
    .execute();
}

/** The bill's control number; a bill still raising becomes issued (one closed meanwhile stays closed). */
export async function setBillIssued(trx: Transaction<Database>, billId: string, controlNumber: string, now: Date) {
  await trx
    .updateTable('bill')
    .set({
      control_number: controlNumber,
      status: sql`case when status = 'raising' then 'issued' else status end`,
      issued_at: now,
      last_error: null,
    })
    .where('id', '=', billId)
    .execute();
}

export async function setBillStatus(db: Db, billId: string, status: string) {
  await db.updateTable('bill').set({ status }).where('id', '=', billId).execute();
}

/** The invoice's other bills still open (raising or issued): closed once it is paid in full. */
export async function closeOpenBills(db: Db, invoiceId: string) {
  await db
    .updateTable('bill')
    .set({ status: 'cancelled' })
    .where('invoice_id', '=', invoiceId)
    .where('status', 'in', ['raising', 'issued'])
    .execute();
}

/** The invoice's open bills (raising or issued), locked while they are cancelled. */
export async function lockOpenBills(trx: Transaction<Database>, invoiceId: string) {
  return trx
    .selectFrom('bill')
    .select('id')
    .where('invoice_id', '=', invoiceId)
    .where('status', 'in', ['raising', 'issued'])
    .forUpdate()
    .execute();
}

/** A cancelled bill, as far as the gateway is concerned: whether it confirmed the cancellation yet. */
export async function billCancellationState(db: Db, billId: string) {
  return db
    .selectFrom('bill')
    .select(['id', 'status', 'gateway_cancelled_at'])
    .where('id', '=', billId)
    .executeTakeFirst();
}

/** The gateway confirmed the bill's cancellation (at `now`). */
export async function markBillCancelledAtGateway(db: Db, billId: string, now: Date) {
  await db.updateTable('bill').set({ gateway_cancelled_at: now }).where('id', '=', billId).execute();
}

/** The bill's cancellation at the gateway no longer holds (the gateway issued its number after it). */
export async function clearBillCancelledAtGateway(trx: Transaction<Database>, billId: string) {
  await trx.updateTable('bill').set({ gateway_cancelled_at: null }).where('id', '=', billId).execute();
}

export async function findPayment(db: Db, transactionId: string) {
  return db.selectFrom('payment').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
}

export interface NewPayment {
  transaction_id: string;
  invoice_id: string | null;
  bill_id: string | null;
  control_number: string | null;
  amount_tzs: number;
  channel: string;
  payer_phone: string | null;
  paid_at: Date;
  source: 'notice' | 'reconciliation' | 'staff';
  fingerprint: string;
  /** The bill id an unmatched notice named. */
  notice_bill_id?: string | null;
}

/** Inserts the payment and gives it its receipt number (matched payments only), from its serial id. */
export async function insertPayment(trx: Transaction<Database>, payment: NewPayment, receiptYear: number) {
  const { id } = await trx.insertInto('payment').values(payment).returning('id').executeTakeFirstOrThrow();
  if (payment.invoice_id === null) return { id, receipt_number: null };
  const receipt = `RC-${receiptYear}-${String(id).padStart(6, '0')}`;
  await trx.updateTable('payment').set({ receipt_number: receipt }).where('id', '=', id).execute();
  return { id, receipt_number: receipt };
}

/** How much a bill has been paid. */
export async function paidOnBill(db: Db, billId: string): Promise<number> {
  const row = await db
    .selectFrom('payment')
    .select(sql<string | number>`coalesce(sum(amount_tzs), 0)`.as('paid'))
    .where('bill_id', '=', billId)
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

/** Bills past their expiry and not paid (their invoice unpaid), oldest first. */
export async function expiredBills(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('bill')
    .innerJoin('invoice', 'invoice.id', 'bill.invoice_id')
    .select(['bill.id'])
    .where('bill.status', 'in', ['raising', 'issued'])
    .where('bill.expires_at', '<', now)
    .where('invoice.paid_at', 'is', null)
    .orderBy('bill.expires_at')
    .limit(limit)
    .execute();
}

/**
 * Bills to ask the gateway about: raised a while ago (`olderThan`), of an unpaid invoice, not asked
 * since `checkedBefore`; the least recently asked first. Expired ones too: a payment may have come
 * just before the expiry and its notice not at all.
 */
export async function billsToReconcile(db: Db, olderThan: Date, checkedBefore: Date, limit: number) {
  return db
    .selectFrom('bill')
    .innerJoin('invoice', 'invoice.id', 'bill.invoice_id')
    .select(['bill.id', 'bill.status', 'bill.control_number'])
    .where('bill.status', 'in', ['raising', 'issued', 'expired'])
    .where('bill.created_at', '<', olderThan)
    .where('invoice.paid_at', 'is', null)
    .where((eb) => eb.or([eb('bill.checked_at', 'is', null), eb('bill.checked_at', '<', checkedBefore)]))
    .orderBy(sql`bill.checked_at nulls first`)
    .orderBy('bill.created_at')
    .limit(limit)
    .execute();
}

export async function markChecked(db: Db, billId: string, now: Date) {
  await db.updateTable('bill').set({ checked_at: now }).where('id', '=', billId).execute();
}

/** The payment an unmatched exception was, now matched to its bill: its invoice, bill and receipt number. */
export async function matchPayment(
  trx: Transaction<Database>,
  paymentId: number,
  bill: { id: string; invoice_id: string },
  receiptYear: number,
) {
  const receipt = `RC-${receiptYear}-${String(paymentId).padStart(6, '0')}`;
  await trx
    .updateTable('payment')
    .set({ invoice_id: bill.invoice_id, bill_id: bill.id, receipt_number: receipt })
    .where('id', '=', paymentId)
    .execute();
  return receipt;
}

/** The invoice's payments (a withdrawal cancelling a part-paid invoice: each is money to refund). */
export async function paymentsOfInvoice(db: Db, invoiceId: string) {
  return db
    .selectFrom('payment')
    .select(['id', 'amount_tzs'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
}

/** A receipt's payment with its invoice and application (for the PDF); optionally of one application only. */
export async function receiptOf(db: Db, receiptNumber: string, applicationId?: number) {
  let query = db
    .selectFrom('payment')
    .innerJoin('invoice', 'invoice.id', 'payment.invoice_id')
    .innerJoin('application', 'application.id', 'invoice.application_id')
    .select([
      'payment.receipt_number',
      'payment.transaction_id',
      'payment.amount_tzs',
      'payment.channel',
      'payment.control_number',
      'payment.paid_at',
      'payment.bill_id',
      'invoice.id as invoice_id',
      'invoice.description',
      'invoice.amount_tzs as invoice_amount_tzs',
      'application.id as application_id',
      'application.reference_number',
    ])
    .where('payment.receipt_number', '=', receiptNumber);
  if (applicationId !== undefined) query = query.where('application.id', '=', applicationId);
  return query.executeTakeFirst();
}

/** The payer the invoice's latest bill named (a payment marked by staff has no bill of its own). */
export async function invoicePayer(db: Db, invoiceId: string) {
  return db
    .selectFrom('bill')
    .select(['payer_name'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The bills and payments of these invoices (the applicant's Invoices tab). */
export async function billsAndPaymentsOf(db: Db, ids: string[]) {
  const [bills, payments] = await Promise.all([
    db
      .selectFrom('bill')
      .select(['id', 'invoice_id', 'status', 'control_number', 'expires_at', 'created_at'])
      .where('invoice_id', 'in', ids)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('payment')
      .select(['invoice_id', 'receipt_number', 'amount_tzs', 'channel', 'paid_at'])
      .where('invoice_id', 'in', ids)
      .orderBy('paid_at')
      .execute(),
  ]);
  return { bills, payments };
}
