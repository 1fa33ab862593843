import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Issue 33, item 2. An application is assigned to an officer of the unit (by an administrator, or by
 * the officer taking it): who has it, and since when. Every change of it is a line of the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('application')
    .addColumn('assigned_account_id', 'integer', (c) => c.references('staff_account.id'))
    .addColumn('assigned_at', 'timestamptz')
    .execute();
  await sql`create index application_assigned_idx on application (assigned_account_id)
    where assigned_account_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists application_assigned_idx`.execute(db);
  await db.schema.alterTable('application').dropColumn('assigned_account_id').dropColumn('assigned_at').execute();
}
