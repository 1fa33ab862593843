import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The deadlines of the rounds of changes (change-deadlines.ts): which rounds are due, each reminder and overdue mark once. */

type Db = Kysely<Database> | Transaction<Database>;

/** Open rounds due on or before `lastDue`, with what the deadline job needs, in a bounded batch. */
export async function openRoundsDueBy(db: Db, lastDue: string, limit: number) {
  return db
    .selectFrom('change_round')
    .innerJoin('application', 'application.id', 'change_round.application_id')
    .select([
      'change_round.id',
      'change_round.application_id',
      'change_round.number',
      'change_round.due_date',
      'change_round.reminded_at',
      'change_round.overdue_at',
      'change_round.asked_by_account_id',
      'application.reference_number',
    ])
    .where('change_round.status', '=', 'open')
    .where('application.status', '=', 'returned')
    .where('change_round.due_date', '<=', lastDue)
    .where((eb) => eb.or([eb('change_round.reminded_at', 'is', null), eb('change_round.overdue_at', 'is', null)]))
    .orderBy('change_round.id')
    .limit(limit)
    .execute();
}

/** The phone of an enabled staff account (the officer who asked for changes), or null. */
export async function officerPhone(db: Db, accountId: number): Promise<string | null> {
  const row = await db
    .selectFrom('staff_account')
    .select('phone')
    .where('id', '=', accountId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row?.phone ?? null;
}

/** Marks the reminder sent; false when another run marked it first (each reminder goes once). */
export async function markReminded(trx: Transaction<Database>, roundId: number, at: Date): Promise<boolean> {
  const result = await trx
    .updateTable('change_round')
    .set({ reminded_at: at })
    .where('id', '=', roundId)
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markOverdue(trx: Transaction<Database>, roundId: number, at: Date): Promise<boolean> {
  const result = await trx
    .updateTable('change_round')
    .set({ overdue_at: at })
    .where('id', '=', roundId)
    .where('overdue_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
