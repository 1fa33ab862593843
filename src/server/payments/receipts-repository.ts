import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** A receipt as its PDF shows it. */

type Db = Kysely<Database> | Transaction<Database>;

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
