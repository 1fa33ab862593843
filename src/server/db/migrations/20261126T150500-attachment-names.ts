import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The name a file was sent with, made fit to show (at most 120 characters): shown to its applicant
  // beside the file after a reload, never used to store or serve it. Files uploaded before: null.
  await db.schema
    .alterTable('attachment')
    .addColumn('file_name', 'text', (c) => c.check(sql`char_length(file_name) <= 255`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('attachment').dropColumn('file_name').execute();
}
