import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A drawing's scale as printed on it ('1:100'); null for other documents, or when none was given.
  await db.schema.alterTable('attachment').addColumn('scale', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('attachment').dropColumn('scale').execute();
}
