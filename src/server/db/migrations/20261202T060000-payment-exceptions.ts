import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Issue 31, item 6: the money adds up. An invoice may be cancelled (by staff with a reason, or with
 * its application's withdrawal), keeps the fee lines it was raised from and the reason for another
 * amount; a bill keeps when the gateway confirmed its cancellation; a payment keeps the bill id its
 * notice named (matched once that bill's control number is known). `payment_exception`: money of a
 * payment that no invoice takes (unmatched, paid over the amount, paid on a cancelled invoice: to
 * refund), until staff record how it was settled, and by whom.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('invoice')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancel_reason', 'text')
    .addColumn('amount_reason', 'text')
    .addColumn('lines', 'jsonb')
    .execute();
  await db.schema.alterTable('bill').addColumn('gateway_cancelled_at', 'timestamptz').execute();
  await db.schema.alterTable('payment').addColumn('notice_bill_id', 'text').execute();
  await db.schema.createIndex('payment_control_number_idx').on('payment').column('control_number').execute();

  await db.schema
    .createTable('payment_exception')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payment.id'))
    // unmatched | over_payment | refund_due
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_tzs', 'bigint', (c) => c.notNull().check(sql`amount_tzs > 0`))
    .addColumn('application_id', 'integer', (c) => c.references('application.id'))
    .addColumn('invoice_id', 'text', (c) => c.references('invoice.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    // refunded | applied (to another invoice) | other | matched (an unmatched payment found its bill)
    .addColumn('settled_how', 'text')
    .addColumn('settled_remark', 'text')
    .addColumn('settled_invoice_id', 'text', (c) => c.references('invoice.id'))
    .addColumn('settled_by_kind', 'text')
    .addColumn('settled_by_account_id', 'integer')
    .addColumn('settled_by_name', 'text')
    .execute();
  await db.schema
    .createIndex('payment_exception_open_idx')
    .on('payment_exception')
    .columns(['settled_at', 'id'])
    .execute();
  await db.schema.createIndex('payment_exception_payment_idx').on('payment_exception').column('payment_id').execute();

  // What was there before: each unmatched payment, and each invoice paid over its amount (the excess
  // counted against its latest payment).
  await sql`
    insert into payment_exception (payment_id, kind, amount_tzs)
    select id, 'unmatched', amount_tzs from payment where invoice_id is null`.execute(db);
  await sql`
    insert into payment_exception (payment_id, kind, amount_tzs, application_id, invoice_id)
    select (select max(p.id) from payment p where p.invoice_id = i.id), 'over_payment',
           i.paid_tzs - i.amount_tzs, i.application_id, i.id
    from invoice i
    where i.paid_tzs > i.amount_tzs and exists (select 1 from payment p where p.invoice_id = i.id)`.execute(db);

  // The simulator's side: the bills cancelled at the gateway (development and tests only).
  await db.schema
    .createTable('simulated_bill_cancel')
    .addColumn('bill_id', 'text', (c) => c.primaryKey())
    .addColumn('cancelled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The job queue that cancels a bill at the gateway (sent in the withdrawal's or cancellation's
  // transaction). The jobs schema's rule of migration 20261125T134000, copied.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const current = rows[0]?.schema ?? 'public';
  const jobs = current === 'public' ? 'pgboss' : `${current}_pgboss`;
  if (!/^[a-z_][a-z0-9_]{0,49}$/.test(jobs)) throw new Error(`Unusable schema name for jobs: ${jobs}`);
  await sql`select ${sql.raw(jobs)}.create_queue('payments-cancel-bill', '{"policy":"standard"}'::json)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const jobs = (rows[0]?.schema ?? 'public') === 'public' ? 'pgboss' : `${rows[0]!.schema}_pgboss`;
  await sql`select ${sql.raw(jobs)}.delete_queue('payments-cancel-bill')`.execute(db);
  await db.schema.dropTable('simulated_bill_cancel').execute();
  await db.schema.dropTable('payment_exception').execute();
  await db.schema.dropIndex('payment_control_number_idx').execute();
  await db.schema.alterTable('payment').dropColumn('notice_bill_id').execute();
  await db.schema.alterTable('bill').dropColumn('gateway_cancelled_at').execute();
  await db.schema
    .alterTable('invoice')
    .dropColumn('cancelled_at')
    .dropColumn('cancel_reason')
    .dropColumn('amount_reason')
    .dropColumn('lines')
    .execute();
}
