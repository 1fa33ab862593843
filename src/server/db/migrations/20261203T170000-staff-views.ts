import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Issue 33, item 9. Every time the unit's staff open an application's personal data, a line: who
 * (their account, or the integration or the system by name), in which role, and when. The applicant
 * sees on their dashboard which roles opened their file and when; the unit sees who.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_view')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id').onDelete('cascade'))
    .addColumn('by_kind', 'text', (c) => c.notNull())
    .addColumn('by_account_id', 'integer', (c) => c.references('staff_account.id'))
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('staff_view_application_idx')
    .on('staff_view')
    .columns(['application_id', 'viewed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_view').execute();
}
