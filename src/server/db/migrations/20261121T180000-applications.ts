import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('application')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reference_number', 'text', (c) => c.notNull().unique())
    .addColumn('application_type', 'text', (c) =>
      c.notNull().check(sql`application_type in ('new', 'government', 'repair', 'special')`),
    )
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    // How many steps of the flow are complete, in order: a continued application opens at this index.
    .addColumn('step_number', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`step_number >= 0`),
    )
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // The applicant's phone and ID number, copied from the personal step: one-time codes go to the
    // phone, and the dashboard finds an applicant's other applications by both.
    .addColumn('phone', 'text')
    .addColumn('id_number', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('application_id_number_phone_idx')
    .on('application')
    .columns(['id_number', 'phone'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application').execute();
}
