import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { byColumns, type StaffActor } from '../staff-accounts/staff-actor';

/** Every line of the SQL of payment exceptions: money no invoice takes, until staff settle it. */

type Db = Kysely<Database> | Transaction<Database>;

export type ExceptionKind = 'unmatched' | 'over_payment' | 'refund_due';
export type SettledHow = 'refunded' | 'applied' | 'other' | 'matched';

export async function insertException(
  db: Db,
  row: {
    payment_id: number;
    kind: ExceptionKind;
    amount_tzs: number;
    application_id: number | null;
    invoice_id: string | null;
  },
) {
  return db.insertInto('payment_exception').values(row).returning('id').executeTakeFirstOrThrow();
}

/** The open unmatched exceptions of payments for `controlNumber`, locked, oldest first. */
export async function lockOpenUnmatched(trx: Transaction<Database>, controlNumber: string) {
  return trx
    .selectFrom('payment_exception')
    .innerJoin('payment', 'payment.id', 'payment_exception.payment_id')
    .select([
      'payment_exception.id as exception_id',
      'payment.id as payment_id',
      'payment.transaction_id',
      'payment.amount_tzs',
      'payment.notice_bill_id',
      'payment.paid_at',
    ])
    .where('payment.control_number', '=', controlNumber)
    .where('payment.invoice_id', 'is', null)
    .where('payment_exception.kind', '=', 'unmatched')
    .where('payment_exception.settled_at', 'is', null)
    .orderBy('payment.id')
    .forUpdate()
    .execute();
}

export async function lockException(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('payment_exception').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function settleException(
  db: Db,
  id: number,
  settled: { how: SettledHow; remark: string | null; invoice_id: string | null; actor: StaffActor; at: Date },
) {
  const by = byColumns(settled.actor);
  await db
    .updateTable('payment_exception')
    .set({
      settled_at: settled.at,
      settled_how: settled.how,
      settled_remark: settled.remark,
      settled_invoice_id: settled.invoice_id,
      settled_by_kind: by.by_kind,
      settled_by_account_id: by.by_account_id,
      settled_by_name: by.by_name,
    })
    .where('id', '=', id)
    .execute();
}

export interface ExceptionFilter {
  open: boolean;
  kind?: ExceptionKind;
  applicationId?: number;
}

/** An exception with its payment and application, as staff list it. */
function withDetails(db: Db) {
  return db
    .selectFrom('payment_exception')
    .innerJoin('payment', 'payment.id', 'payment_exception.payment_id')
    .leftJoin('application', 'application.id', 'payment_exception.application_id')
    .select([
      'payment_exception.id',
      'payment_exception.kind',
      'payment_exception.amount_tzs',
      'payment_exception.invoice_id',
      'payment_exception.created_at',
      'payment_exception.settled_at',
      'payment_exception.settled_how',
      'payment_exception.settled_remark',
      'payment_exception.settled_invoice_id',
      'payment_exception.settled_by_kind',
      'payment_exception.settled_by_name',
      'payment.transaction_id',
      'payment.control_number',
      'payment.amount_tzs as payment_amount_tzs',
      'payment.channel',
      'payment.payer_phone',
      'payment.paid_at',
      'payment.receipt_number',
      'application.reference_number',
    ]);
}
export type ExceptionRow = Awaited<ReturnType<ReturnType<typeof withDetails>['execute']>>[number];

/** A page of exceptions (open ones unless told), oldest first, with their payment and application. */
export async function listExceptions(db: Db, filter: ExceptionFilter, limit: number, offset: number) {
  let query = withDetails(db);
  query = filter.open
    ? query.where('payment_exception.settled_at', 'is', null)
    : query.where('payment_exception.settled_at', 'is not', null);
  if (filter.kind) query = query.where('payment_exception.kind', '=', filter.kind);
  if (filter.applicationId !== undefined)
    query = query.where('payment_exception.application_id', '=', filter.applicationId);
  return query.orderBy('payment_exception.id').limit(limit).offset(offset).execute();
}

export async function exceptionById(db: Db, id: number) {
  return withDetails(db).where('payment_exception.id', '=', id).execute();
}

export async function countExceptions(db: Db, filter: ExceptionFilter): Promise<number> {
  const row = await exceptionQuery(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function exceptionQuery(db: Db, filter: ExceptionFilter) {
  let query = db.selectFrom('payment_exception');
  query = filter.open
    ? query.where('payment_exception.settled_at', 'is', null)
    : query.where('payment_exception.settled_at', 'is not', null);
  if (filter.kind) query = query.where('payment_exception.kind', '=', filter.kind);
  if (filter.applicationId !== undefined)
    query = query.where('payment_exception.application_id', '=', filter.applicationId);
  return query;
}

/**
 * The unit's money, to the shilling: every payment received, what invoices took of it (each invoice
 * not cancelled, up to its amount), and the rest as exceptions (unmatched, over-paid, to refund: open,
 * refunded or settled otherwise; those applied to another invoice or matched count in what invoices took).
 */
export async function moneyTotals(db: Db) {
  const { rows } = await sql<{
    payments: string | number;
    applied: string | number;
    unmatched: string | number;
    over_payments: string | number;
    refunds: string | number;
    open: string | number;
  }>`
    select
      (select coalesce(sum(amount_tzs), 0) from payment) as payments,
      (select coalesce(sum(least(paid_tzs, amount_tzs)), 0) from invoice where cancelled_at is null) as applied,
      (select coalesce(sum(amount_tzs), 0) from payment_exception
        where kind = 'unmatched' and coalesce(settled_how, '') not in ('applied', 'matched')) as unmatched,
      (select coalesce(sum(amount_tzs), 0) from payment_exception
        where kind = 'over_payment' and coalesce(settled_how, '') not in ('applied', 'matched')) as over_payments,
      (select coalesce(sum(amount_tzs), 0) from payment_exception
        where kind = 'refund_due' and coalesce(settled_how, '') not in ('applied', 'matched')) as refunds,
      (select coalesce(sum(amount_tzs), 0) from payment_exception where settled_at is null) as open
  `.execute(db);
  const row = rows[0]!;
  return {
    payments_tzs: Number(row.payments),
    applied_tzs: Number(row.applied),
    unmatched_tzs: Number(row.unmatched),
    over_payments_tzs: Number(row.over_payments),
    refunds_tzs: Number(row.refunds),
    open_tzs: Number(row.open),
  };
}

/** The exceptions of an application's invoices (the applicant's Invoices tab: what is held of theirs). */
export async function exceptionsOfInvoices(db: Db, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('payment_exception')
    .select(['invoice_id', 'kind', 'amount_tzs', 'settled_how', 'settled_at'])
    .where('invoice_id', 'in', invoiceIds)
    .where('kind', 'in', ['over_payment', 'refund_due'])
    .orderBy('id')
    .execute();
}

/**
 * Exceptions staff applied to the invoice (settle `applied`): money in its paid sum with no payment row
 * of its own. Cancelling the invoice makes each of them money to refund, against its own payment.
 */
export async function appliedToInvoice(db: Db, invoiceId: string) {
  return db
    .selectFrom('payment_exception')
    .select(['id', 'payment_id', 'amount_tzs'])
    .where('settled_how', '=', 'applied')
    .where('settled_invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
}
