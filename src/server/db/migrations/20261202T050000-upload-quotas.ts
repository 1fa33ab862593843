import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Issue 31, items 3 and 7. `upload_tally`: the bytes each client uploaded on a UTC day (the client
 * as a SHA-256 of its address, never the address), for the daily upload quota; swept after a day.
 * `attachment.active_content`: a PDF holding scripts, automatic actions, launches or embedded files,
 * stored as sent but flagged to staff.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_tally')
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull().check(sql`bytes >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('upload_tally_pk', ['client', 'day'])
    .execute();
  await db.schema
    .alterTable('attachment')
    .addColumn('active_content', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('attachment').dropColumn('active_content').execute();
  await db.schema.dropTable('upload_tally').execute();
}
