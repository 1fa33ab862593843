import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/** Captchas for sign-in, shared by every server process: single use, the answer stored hashed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('captcha')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    // The plain answer, only with DEV_TOOLS (never in production): end-to-end tests read it to sign in.
    .addColumn('dev_answer', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('captcha_expires_at_idx').on('captcha').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captcha').execute();
}
