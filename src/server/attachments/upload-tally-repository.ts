import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The bytes a client (a SHA-256 of its address) uploaded on a UTC day: every line of its SQL. */

export async function tallyOf(db: Kysely<Database>, client: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('upload_tally')
    .select('bytes')
    .where('client', '=', client)
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** Adds an upload's bytes to the client's day (its row locked until the transaction ends); answers the new total. */
export async function addToTally(
  trx: Transaction<Database>,
  client: string,
  day: string,
  bytes: number,
): Promise<number> {
  const row = await trx
    .insertInto('upload_tally')
    .values({ client, day, bytes })
    .onConflict((oc) =>
      oc
        .columns(['client', 'day'])
        .doUpdateSet({ bytes: sql`upload_tally.bytes + excluded.bytes`, updated_at: new Date() }),
    )
    .returning('bytes')
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}
