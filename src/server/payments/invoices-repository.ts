import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

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
  return { invoices, bills, payments };
}
