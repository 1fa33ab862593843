import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Issue 33, item 1. When the application reached its current stage, kept with it (written with every
 * change of status) rather than worked out from the history at each read: the officers' queue compares
 * it with each stage's service standard, by an index, for thousands of applications. Filled from the
 * history: the latest line that moved the status, else when it was submitted, else made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('application')
    .addColumn('stage_since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`update application set stage_since = coalesce(
      (select max(e.created_at) from application_event e where e.application_id = application.id and e.status_changed),
      application.submitted_at, application.created_at)`.execute(db);
  await sql`create index application_stage_since_idx on application (status, stage_since)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists application_stage_since_idx`.execute(db);
  await db.schema.alterTable('application').dropColumn('stage_since').execute();
}
