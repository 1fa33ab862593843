import PgBoss from 'pg-boss';
import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code (pg-boss is a
// library: its own later versions migrate its schema themselves when the job runner starts).

/**
 * The job runner's tables (pg-boss, in a schema of their own next to ours: `pgboss` beside `public`,
 * `<schema>_pgboss` beside any other, so that every test schema has its own jobs), its queue `sms`,
 * and every SMS as a durable row: written with the change that causes it, delivered by a job.
 * The same rule as src/server/jobs/jobs-schema.ts, copied: a migration may not import app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const current = rows[0]?.schema ?? 'public';
  const jobs = current === 'public' ? 'pgboss' : `${current}_pgboss`;
  if (!/^[a-z_][a-z0-9_]{0,49}$/.test(jobs)) throw new Error(`Unusable schema name for jobs: ${jobs}`);

  // pg-boss's plan is one script wrapped in BEGIN … COMMIT; the migration already runs in a transaction.
  const plan = PgBoss.getConstructionPlans(jobs).trim();
  if (!plan.startsWith('BEGIN;') || !plan.endsWith('COMMIT;')) throw new Error("pg-boss's plan changed shape");
  await sql.raw(plan.slice('BEGIN;'.length, -'COMMIT;'.length)).execute(db);
  // The queue must exist before a job is sent to it, and sending needs no running worker.
  await sql`select ${sql.raw(jobs)}.create_queue('sms', '{"policy":"standard"}'::json)`.execute(db);

  await db.schema
    .createTable('sms_message')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    // Emptied once delivered: the texts hold one-time codes.
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    // queued → sending → sent; back to queued after a failed attempt (never lost).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sms_message_status_idx').on('sms_message').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_message').execute();
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const current = rows[0]?.schema ?? 'public';
  await sql`drop schema if exists ${sql.id(current === 'public' ? 'pgboss' : `${current}_pgboss`)} cascade`.execute(db);
}
