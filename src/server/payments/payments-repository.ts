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

export async function lockInvoice(trx: Transaction<Database>, invoiceId: string) {
  return trx.selectFrom('invoice').selectAll().where('id', '=', invoiceId).forUpdate().executeTakeFirst();
}

/** The invoice cancelled at `now`, with the staff's reason when there is one. */
export async function setInvoiceCancelled(
  trx: Transaction<Database>,
  invoiceId: string,
  now: Date,
  reason: string | null,
) {
  await trx
    .updateTable('invoice')
    .set({ cancelled_at: now, ...(reason ? { cancel_reason: reason } : {}) })
    .where('id', '=', invoiceId)
    .execute();
}

/** The application's invoices neither paid in full nor cancelled, locked while a withdrawal cancels them. */
export async function lockUnpaidInvoicesOf(trx: Transaction<Database>, applicationId: number) {
  return trx
    .selectFrom('invoice')
    .select(['id', 'application_id', 'amount_tzs', 'paid_tzs'])
    .where('application_id', '=', applicationId)
    .where('paid_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .forUpdate()
    .execute();
}

/** The status of the application an invoice is of (a withdrawn one takes no more money). */
export async function applicationStatusOf(db: Db, applicationId: number): Promise<string> {
  const row = await db
    .selectFrom('application')
    .select('status')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return row.status;
}

export async function setInvoiceControlNumber(db: Db, invoiceId: string, controlNumber: string) {
  await db.updateTable('invoice').set({ control_number: controlNumber }).where('id', '=', invoiceId).execute();
}

/** Adds a payment to the invoice's sum; marks it paid (at `now`) when the sum first reaches its amount. */
export async function addToInvoice(trx: Transaction<Database>, invoiceId: string, amount: number, now: Date) {
  return trx
    .updateTable('invoice')
    .set({
      paid_tzs: sql`paid_tzs + ${amount}`,
      paid_at: sql`case when paid_at is null and paid_tzs + ${amount} >= amount_tzs then ${now} else paid_at end`,
    })
    .where('id', '=', invoiceId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The invoice's paid sum set to `paidTzs` (staff recorded the rest as paid in cash). */
export async function setInvoicePaid(trx: Transaction<Database>, invoiceId: string, paidTzs: number) {
  await trx.updateTable('invoice').set({ paid_tzs: paidTzs }).where('id', '=', invoiceId).execute();
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
