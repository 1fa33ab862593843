import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The default SMS adapter's outbox: what would have been sent, for development and tests.
  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One-time codes, stored hashed: a purpose ('engineer', …), who it is for, and its limits.
  await db.schema
    .createTable('one_time_code')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('one_time_code_subject_idx')
    .on('one_time_code')
    .columns(['purpose', 'subject', 'created_at'])
    .execute();

  // Proof that an engineer confirmed by code, carried by the application's engineer step (hashed).
  await db.schema
    .createTable('engineer_confirmation')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('registration_number', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['engineer_confirmation', 'one_time_code', 'sms_outbox'])
    await db.schema.dropTable(table).execute();
}
