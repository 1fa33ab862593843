import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/** The unit's answers to applicants' messages (issue 17, item 11), each with the staff member who wrote it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unit_message')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id'))
    .addColumn('in_reply_to', 'text', (c) => c.references('applicant_message.id'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('unit_message_application_idx').on('unit_message').column('application_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unit_message').execute();
}
