import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Save & Complete Later keeps what was typed on a step even when it is not valid yet: those answers,
 * by step id, are kept apart from the finished answers (`answers`), so that nothing reads them as a
 * finished step (progress, Submit, the phone the codes go to). A step saved valid leaves it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('application')
    .addColumn('unfinished', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application').dropColumn('unfinished').execute();
}
