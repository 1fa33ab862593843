import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Issue 19, items 5 and 6. `inbound_sms`: each text the SMS gateway delivered, by the gateway's
 * message id (a repeat answers once) with the sender's national digits and whether it was answered
 * (the per-phone limit counts them); never its text. `reminder_sent`: each reminder SMS, by what it
 * reminds of, so that a re-run or a second server never sends it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inbound_sms')
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .addColumn('phone_digits', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('replied', 'boolean', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('inbound_sms_phone_idx')
    .on('inbound_sms')
    .columns(['phone_digits', 'received_at'])
    .execute();

  await db.schema
    .createTable('reminder_sent')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('reminder_sent_pk', ['kind', 'subject'])
    .execute();
  await db.schema.createIndex('reminder_sent_application_idx').on('reminder_sent').column('application_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminder_sent').execute();
  await db.schema.dropTable('inbound_sms').execute();
}
