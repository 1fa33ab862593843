import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { billsAndPaymentsOf } from './payments-repository';

/**
 * The invoices staff add and mark paid, and an application's invoices as the back office shows them
 * (the bills and payments on them: payments-repository.ts). Input never becomes SQL text: values are parameters.
 */

type Db = Kysely<Database> | Transaction<Database>;

export async function invoicesOf(db: Db, applicationId: number) {
  return db
    .selectFrom('invoice')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .execute();
}
export async function controlNumberTaken(db: Db, controlNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('invoice')
    .select('id')
    .where('control_number', '=', controlNumber)
    .executeTakeFirst();
  return row !== undefined;
}
export async function insertInvoice(
  trx: Transaction<Database>,
  invoice: {
    id: string;
    application_id: number;
    description: string | null;
    amount_tzs: number;
    control_number: string | null;
    due_date: string;
    amount_reason?: string | null;
    lines?: string | null;
  },
) {
  return trx.insertInto('invoice').values(invoice).returningAll().executeTakeFirstOrThrow();
}
export async function markPaid(trx: Transaction<Database>, invoiceId: string) {
  return trx
    .updateTable('invoice')
    .set({ paid_at: new Date() })
    .where('id', '=', invoiceId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What the applicant's Invoices tab shows of an application's invoices. */
export async function invoicesWithBills(db: Db, applicationId: number) {
  const invoices = await db
    .selectFrom('invoice')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  const ids = invoices.map((i) => i.id);
  if (ids.length === 0) return { invoices, bills: [], payments: [] };
  const { bills, payments } = await billsAndPaymentsOf(db, ids);
  return { invoices, bills, payments };
}

/**
 * An application's unpaid invoices, the soonest due first (at most `limit`: an SMS has room for few),
 * each with what is still to pay (`amount_tzs` less a part payment already received).
 */
export async function unpaidInvoicesOf(db: Kysely<Database>, applicationId: number, limit: number) {
  const rows = await db
    .selectFrom('invoice')
    .select(['amount_tzs', 'paid_tzs', 'control_number', 'due_date'])
    .where('application_id', '=', applicationId)
    .where('paid_at', 'is', null)
    // A cancelled invoice (by staff, or with the application's withdrawal) has nothing to pay.
    .where('cancelled_at', 'is', null)
    // A bill the gateway has not numbered yet cannot be paid: it is told once it has its number.
    .where('control_number', 'is not', null)
    .orderBy('due_date')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    control_number: row.control_number!,
    due_date: row.due_date,
    balance_tzs: Math.max(0, Number(row.amount_tzs) - Number(row.paid_tzs)),
  }));
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

/** An invoice to remind of (the reminders' job): its application's saved phone, in the language the applicant last used. */
export interface DueInvoice {
  application_id: number;
  reference_number: string;
  phone: string;
  language: string;
  invoice_id: string;
  /** What is still to pay: the amount less any part payment received. */
  balance_tzs: number;
  control_number: string;
  due_date: string;
}

/** Unpaid invoices due from `today` to `until`, not yet reminded of (no reminder_sent row at their current due date). */
export async function dueInvoices(
  db: Kysely<Database>,
  today: string,
  until: string,
  limit: number,
): Promise<DueInvoice[]> {
  const rows = await db
    .selectFrom('invoice as i')
    .innerJoin('application as a', 'a.id', 'i.application_id')
    .select([
      'a.id as application_id',
      'a.reference_number',
      'a.phone',
      'a.language',
      'i.id as invoice_id',
      'i.amount_tzs',
      'i.paid_tzs',
      'i.control_number',
      'i.due_date',
    ])
    .where('i.paid_at', 'is', null)
    // A cancelled invoice (staff's cancel_invoice, a withdrawal) asks for nothing any more.
    .where('i.cancelled_at', 'is', null)
    // Without a control number yet (the gateway has not answered) there is nothing to pay with.
    .where('i.control_number', 'is not', null)
    .where('i.due_date', '>=', today)
    .where('i.due_date', '<=', until)
    .where('a.phone', 'is not', null)
    .where('a.status', '!=', 'withdrawn')
    .where(
      sql<boolean>`not exists (select 1 from reminder_sent r where r.kind = ${'invoice_due'} and r.subject = ${sql`i.id || ':' || i.due_date`})`,
    )
    .orderBy('i.due_date')
    .orderBy('i.id')
    .limit(limit)
    .execute();
  return rows.map(({ amount_tzs, paid_tzs, ...row }) => ({
    ...row,
    phone: row.phone!,
    control_number: row.control_number!,
    // What is still to pay: a part payment already received is not asked for again.
    balance_tzs: Math.max(0, Number(amount_tzs) - Number(paid_tzs)),
  }));
}
