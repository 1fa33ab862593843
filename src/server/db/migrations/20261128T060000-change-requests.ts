import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Requests for changes (issue 19, item 1): Zanzibar's public holidays as data (the working-day
 * deadlines skip them), and each round of an officer's requests for changes with the applicant's
 * answer. A round keeps what was asked (requests, remark, deadline, who), what changed (answers before
 * and after per step, replaced and new attachments per document), the note and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_holiday')
    .addColumn('date', 'text', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_sw', 'text', (c) => c.notNull())
    // An Islamic holiday: its date is announced each year near the day (moon sighting), so the seeded
    // date is the expected one until staff correct it.
    .addColumn('expected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Who added it (staff account's name and login, or the integration); null for the seeded ones.
    .addColumn('created_by', 'text')
    .execute();

  await db.schema
    .createTable('change_round')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('application.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('requests', 'jsonb', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('asked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('asked_by_kind', 'text')
    .addColumn('asked_by_account_id', 'integer')
    .addColumn('asked_by_name', 'text')
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('overdue_at', 'timestamptz')
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"steps":{},"documents":[]}'::jsonb`))
    .addColumn('extensions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('note', 'text')
    .addColumn('resubmitted_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addUniqueConstraint('change_round_application_number', ['application_id', 'number'])
    .execute();
  // The daily deadline job looks only at open rounds.
  await db.schema.createIndex('change_round_open').on('change_round').columns(['status', 'due_date']).execute();

  const holidays: [string, string, string, boolean][] = [];
  const fixed: [string, string, string][] = [
    ['01-01', "New Year's Day", 'Mwaka Mpya'],
    ['01-12', 'Zanzibar Revolution Day', 'Siku ya Mapinduzi ya Zanzibar'],
    ['04-07', 'Karume Day', 'Siku ya Karume'],
    ['04-26', 'Union Day', 'Siku ya Muungano'],
    ['05-01', "Workers' Day", 'Siku ya Wafanyakazi'],
    ['07-07', 'Saba Saba Day', 'Siku ya Sabasaba'],
    ['10-14', 'Nyerere Day', 'Siku ya Nyerere'],
    ['12-09', 'Independence Day', 'Siku ya Uhuru'],
    ['12-25', 'Christmas Day', 'Sikukuu ya Krismasi'],
    ['12-26', 'Boxing Day', 'Siku ya Kupeana Zawadi'],
  ];
  for (const year of [2026, 2027]) for (const [day, en, sw] of fixed) holidays.push([`${year}-${day}`, en, sw, false]);
  // Easter: 5 April 2026, 28 March 2027.
  holidays.push(
    ['2026-04-03', 'Good Friday', 'Ijumaa Kuu', false],
    ['2026-04-06', 'Easter Monday', 'Jumatatu ya Pasaka', false],
    ['2027-03-26', 'Good Friday', 'Ijumaa Kuu', false],
    ['2027-03-29', 'Easter Monday', 'Jumatatu ya Pasaka', false],
  );
  // Expected dates (the moon decides; the government announces them shortly before).
  holidays.push(
    ['2026-03-20', 'Eid al-Fitr', 'Idd el Fitr', true],
    ['2026-05-27', 'Eid al-Adha', 'Idd el Hajj', true],
    ['2026-08-26', 'Maulid (the Prophet’s Birthday)', 'Maulidi (Kuzaliwa kwa Mtume)', true],
    ['2027-03-10', 'Eid al-Fitr', 'Idd el Fitr', true],
    ['2027-05-17', 'Eid al-Adha', 'Idd el Hajj', true],
    ['2027-08-15', 'Maulid (the Prophet’s Birthday)', 'Maulidi (Kuzaliwa kwa Mtume)', true],
  );
  await (db as Kysely<{ public_holiday: { date: string; name_en: string; name_sw: string; expected: boolean } }>)
    .insertInto('public_holiday')
    .values(holidays.map(([date, name_en, name_sw, expected]) => ({ date, name_en, name_sw, expected })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('change_round').execute();
  await db.schema.dropTable('public_holiday').execute();
}
