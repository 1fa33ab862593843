import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

const referenceTables = ['material', 'room', 'faq', 'engineer_role', 'engineer', 'required_document'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('material')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('foundation', 'wall', 'beam', 'roof', 'entry')`),
    )
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_sw', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('material_category_name_en_key', ['category', 'name_en'])
    .execute();

  await db.schema
    .createTable('room')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull().unique())
    .addColumn('name_sw', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('faq')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('question_en', 'text', (c) => c.notNull().unique())
    .addColumn('question_sw', 'text', (c) => c.notNull())
    .addColumn('answer_en', 'text', (c) => c.notNull())
    .addColumn('answer_sw', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('engineer_role')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_sw', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('engineer')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('registration_number', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull().references('engineer_role.id'))
    .addColumn('experience_years', 'integer', (c) => c.notNull().check(sql`experience_years >= 0`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('engineer_role_id_idx').on('engineer').column('role_id').execute();

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

  // One row whose version goes up on every change to reference data, so that every server
  // process can tell cheaply when its in-memory copy is stale.
  await db.schema
    .createTable('reference_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into reference_version (id, version) values (1, 1)`.execute(db);
  await sql`
    create function bump_reference_version() returns trigger language plpgsql as $$
    begin
      update reference_version set version = version + 1, changed_at = now() where id = 1;
      return null;
    end $$`.execute(db);
  for (const table of referenceTables) {
    await sql`
      create trigger ${sql.raw(`${table}_bump_reference_version`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_reference_version()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'required_document',
    'engineer',
    'engineer_role',
    'faq',
    'room',
    'material',
    'reference_version',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function bump_reference_version()`.execute(db);
}
