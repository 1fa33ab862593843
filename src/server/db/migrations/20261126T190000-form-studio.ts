import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * The form studio (issue 18, item 2): the one draft of the next forms version that the editors share,
 * and the audit of every studio action. The draft is a single row: its content is the whole FormsSet as
 * text (key order kept, as in forms_version), its revision is raised by every save (saves compare and set
 * it), and `revisions` holds each item's revision with who changed it and when (JSON text), so a save on
 * top of someone else's newer change of the same item is refused, not silently overwritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_draft')
    // One draft: the row with id 1.
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('based_on', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('revisions', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('studio_audit')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The account then (null for the system); its name as it was, kept if the account changes.
    .addColumn('staff_id', 'integer', (c) => c.references('staff_account.id'))
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_audit').execute();
  await db.schema.dropTable('studio_draft').execute();
}
