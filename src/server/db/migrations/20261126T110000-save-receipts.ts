import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * A save's receipt, by the sha256 of the idempotency key the client sent with it (`save_id`): a save
 * whose answer a phone lost is sent again with the same key and gets the same answer, and the first
 * save of a draft does not create a second draft. Kept for a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('save_receipt')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id').onDelete('cascade'))
    .addColumn('step_number', 'integer', (c) => c.notNull())
    .addColumn('created_draft', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('save_receipt_created_idx').on('save_receipt').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('save_receipt').execute();
}
