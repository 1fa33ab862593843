import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/** A code sent for a continue or a sign-in is answered by its challenge id, not by the reference number. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('one_time_code')
    .addColumn('challenge_id', 'text', (c) => c.unique())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('one_time_code').dropColumn('challenge_id').execute();
}
