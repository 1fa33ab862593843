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
