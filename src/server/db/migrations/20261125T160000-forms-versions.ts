import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Published versions of the forms: each the whole set (steps, UI schemas, flows, texts in every
 * language, documents), immutable, numbered, with who published it, when and why. Every server serves
 * the highest version. Each application records the version its answers were last saved under.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('forms_version')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    // Text, not jsonb: jsonb reorders keys, and the order of a schema's properties is the order of its fields.
    .addColumn('content', 'text', (c) => c.notNull())
    // sha256 of the content as published: importing the same set again publishes nothing new.
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('application').addColumn('forms_version', 'integer').execute();
}
