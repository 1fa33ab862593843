import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/** Sign-in sessions and what the applicant's dashboard shows: status history, invoices, permits, … */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The language the applicant used last: notifications and SMS from the back office use it.
  await db.schema
    .alterTable('application')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();

  await db.schema
    .createTable('applicant_session')
    // sha256 of the cookie's random token: a copy of the table signs nobody in.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('application_event')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('application_event_application_idx')
    .on('application_event')
    .column('application_id')
    .execute();

  // Dates of invoices and permits are calendar dates (YYYY-MM-DD), kept as text so that no time
  // zone can move them by a day.
  const isoDate = (column: string) => sql.raw(`${column} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`);

  await db.schema
    .createTable('invoice')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id'))
    .addColumn('description', 'text')
    .addColumn('amount_tzs', 'bigint', (c) => c.notNull().check(sql`amount_tzs > 0`))
    .addColumn('control_number', 'text', (c) => c.notNull().unique())
    .addColumn('due_date', 'text', (c) => c.notNull().check(isoDate('due_date')))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('permit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id'))
    .addColumn('permit_number', 'text', (c) => c.notNull().unique())
    .addColumn('valid_from', 'text', (c) => c.notNull().check(isoDate('valid_from')))
    .addColumn('valid_until', 'text', (c) => c.notNull().check(isoDate('valid_until')))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('permit_valid_range', sql`valid_until >= valid_from`)
    .execute();

  await db.schema
    .createTable('notification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id'))
    // Written by the portal: a message key and its parameters, shown in the reader's language.
    .addColumn('kind', 'text')
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // Written by staff: their own words.
    .addColumn('title', 'text')
    .addColumn('message', 'text')
    .addColumn('remark', 'text')
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  for (const table of ['applicant_message', 'renewal_request']) {
    let create = db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id'));
    create =
      table === 'applicant_message'
        ? create.addColumn('subject', 'text').addColumn('message', 'text', (c) => c.notNull())
        : create
            .addColumn('permit_id', 'text', (c) => c.notNull().references('permit.id'))
            .addColumn('type_of_work', 'text', (c) => c.notNull())
            .addColumn('reason', 'text', (c) => c.notNull());
    await create.addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`)).execute();
  }
  for (const table of [
    'applicant_session',
    'invoice',
    'permit',
    'notification',
    'applicant_message',
    'renewal_request',
  ])
    await db.schema.createIndex(`${table}_application_idx`).on(table).column('application_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'renewal_request',
    'applicant_message',
    'notification',
    'permit',
    'invoice',
    'application_event',
    'applicant_session',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('application').dropColumn('language').execute();
}
