import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * A draft is written only with its owner's proof: a secret held by the browser that created the draft
 * (or that continued it with the code sent to its phone), stored here as its sha256 only.
 * An engineer's confirmation is bound to the one draft it was asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('draft_key')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('draft_key_application_idx').on('draft_key').column('application_id').execute();

  await db.schema
    .alterTable('engineer_confirmation')
    .addColumn('application_id', 'integer', (c) => c.references('application.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('engineer_confirmation').addColumn('used_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engineer_confirmation').dropColumn('used_at').execute();
  await db.schema.alterTable('engineer_confirmation').dropColumn('application_id').execute();
  await db.schema.dropTable('draft_key').execute();
}
