import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The public holidays the working days skip: every line of their SQL. Values are parameters. */

type Db = Kysely<Database> | Transaction<Database>;

export async function holidaysBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('public_holiday')
    .select(['date', 'name_en', 'name_sw', 'expected'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
}

export async function insertHoliday(
  db: Db,
  row: { date: string; name_en: string; name_sw: string; created_by: string },
) {
  const inserted = await db
    .insertInto('public_holiday')
    .values(row)
    .onConflict((c) => c.column('date').doNothing())
    .returning('date')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteHoliday(db: Db, date: string): Promise<boolean> {
  const result = await db.deleteFrom('public_holiday').where('date', '=', date).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
