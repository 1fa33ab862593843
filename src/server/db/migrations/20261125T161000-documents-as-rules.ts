import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * The documents an application uploads are policy data now (schemas/documents.json, published with
 * the forms): the reference table of the three document lists goes. Its rows were only a seeded
 * copy; the spec's three lists are derived from the rules.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('required_document').execute();
}

/** The table as 20261121T120000-reference-data made it (empty: `npm run db:seed` of that time filled it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('required_document')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('list', 'text', (c) =>
      c.notNull().check(sql`list in ('normal', 'not_more_than_three', 'more_than_three')`),
    )
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_sw', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_sw', 'text', (c) => c.notNull())
    .addColumn('max_bytes', 'integer', (c) => c.notNull().check(sql`max_bytes > 0`))
    .addColumn('accept', 'jsonb', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('required_document_list_code_key', ['list', 'code'])
    .execute();
  await sql`
    create trigger required_document_bump_reference_version
    after insert or update or delete or truncate on required_document
    for each statement execute function bump_reference_version()`.execute(db);
}
