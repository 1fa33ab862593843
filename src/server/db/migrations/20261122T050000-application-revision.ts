import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * A draft's revision, raised by every write of its answers: a save reads the draft, checks the step
 * against it and writes only if the revision is still the one it read (compare-and-set), instead of
 * holding a row lock for the whole save.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('application')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application').dropColumn('revision').execute();
}
