import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Wrong one-time codes counted per subject (an application's reference number, an engineer) across
 * all its codes: after too many, the subject is locked for a wait that grows with each lock. In the
 * database, not in a process, so that every server process counts the same tries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_lockout')
    .addColumn('subject_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('locked_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('code_lockout').execute();
}
