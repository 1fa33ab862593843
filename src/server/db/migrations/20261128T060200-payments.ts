import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Control-number payment (issue 19, item 3): the bills raised with the payment gateway for each
 * invoice, the payments its signed notices report, and the payment simulator's own ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // An invoice is saved before its control number comes back (by callback, or once the gateway is up
  // again): its control number is that of its current bill, null until the gateway gives one.
  await db.schema
    .alterTable('invoice')
    .alterColumn('control_number', (c) => c.dropNotNull())
    .execute();
  // The sum of its payments, kept with the invoice so that a paid, partly paid or over-paid invoice
  // reads in one row (the payments themselves are the record).
  await db.schema
    .alterTable('invoice')
    .addColumn('paid_tzs', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('bill')
    // The bill id the gateway knows (ours): raising the same bill twice gives the same control number.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoice.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('control_number', 'text', (c) => c.unique())
    .addColumn('amount_tzs', 'bigint', (c) => c.notNull().check(sql`amount_tzs > 0`))
    // The payer as the gateway is told (the applicant's name and phone when the bill was raised).
    .addColumn('payer_name', 'text', (c) => c.notNull())
    .addColumn('payer_phone', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    // raising (no control number yet) → issued → paid | expired (re-issued by a new bill) | cancelled
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('raising'))
    .addColumn('raise_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('issued_at', 'timestamptz')
    .addColumn('checked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('bill_invoice_idx').on('bill').column('invoice_id').execute();
  await db.schema.createIndex('bill_status_idx').on('bill').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('payment')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // The gateway's transaction id: the same notice twice is one payment.
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    // Null when the control number is no bill of ours (kept for staff, applied to nothing).
    .addColumn('invoice_id', 'text', (c) => c.references('invoice.id'))
    .addColumn('bill_id', 'text', (c) => c.references('bill.id'))
    .addColumn('control_number', 'text')
    .addColumn('amount_tzs', 'bigint', (c) => c.notNull().check(sql`amount_tzs > 0`))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('payer_phone', 'text')
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    // notice | reconciliation | staff (marked paid by hand: cash or an exception)
    .addColumn('source', 'text', (c) => c.notNull())
    // sha256 of what the notice said: the same transaction id saying something else is refused.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('receipt_number', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_invoice_idx').on('payment').column('invoice_id').execute();

  // The simulator's side of the gateway (development and tests only): the payments it took, so that
  // reconciliation can find one whose notice never came, from any server process.
  await db.schema
    .createTable('simulated_payment')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('bill_id', 'text', (c) => c.notNull())
    .addColumn('control_number', 'text', (c) => c.notNull())
    .addColumn('amount_tzs', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('payer_phone', 'text')
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('simulated_payment_bill_idx').on('simulated_payment').column('bill_id').execute();

  // The job queue that raises a bill again while the gateway is down: it must exist before a job is
  // sent to it (the invoice's transaction sends one, with no running worker). The jobs schema's rule
  // of migration 20261125T134000, copied: a migration may not import app code.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const current = rows[0]?.schema ?? 'public';
  const jobs = current === 'public' ? 'pgboss' : `${current}_pgboss`;
  if (!/^[a-z_][a-z0-9_]{0,49}$/.test(jobs)) throw new Error(`Unusable schema name for jobs: ${jobs}`);
  await sql`select ${sql.raw(jobs)}.create_queue('payments-raise-bill', '{"policy":"standard"}'::json)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const jobs = (rows[0]?.schema ?? 'public') === 'public' ? 'pgboss' : `${rows[0]!.schema}_pgboss`;
  await sql`select ${sql.raw(jobs)}.delete_queue('payments-raise-bill')`.execute(db);
  await db.schema.dropTable('simulated_payment').execute();
  await db.schema.dropTable('payment').execute();
  await db.schema.dropTable('bill').execute();
  await db.schema.alterTable('invoice').dropColumn('paid_tzs').execute();
}
