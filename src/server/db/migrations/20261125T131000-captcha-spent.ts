import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * The image captcha gives way to ALTCHA's proof of work: challenges are signed, not stored, so only
 * the ones already used are kept (single use, shared by every server process) until they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captcha').execute();
  await db.schema
    .createTable('captcha_spent')
    // The challenge's HMAC signature: one per challenge, and it covers the challenge's every parameter.
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('captcha_spent_expires_at_idx').on('captcha_spent').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captcha_spent').execute();
  await db.schema
    .createTable('captcha')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('dev_answer', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('captcha_expires_at_idx').on('captcha').column('expires_at').execute();
}
