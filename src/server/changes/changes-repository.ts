import { type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { byColumns, type StaffActor } from '../staff-accounts/staff-actor';

/** Every line of SQL of the requests for changes (the public holidays: holidays-repository.ts). Values are parameters. */

type Db = Kysely<Database> | Transaction<Database>;

// Rounds

const roundColumns = [
  'id',
  'application_id',
  'number',
  'status',
  'requests',
  'remark',
  'due_date',
  'asked_at',
  'asked_by_name',
  'reminded_at',
  'overdue_at',
  'changes',
  'extensions',
  'note',
  'resubmitted_at',
] as const;

export type RoundRow = Awaited<ReturnType<typeof roundsOf>>[number];

export async function roundsOf(db: Db, applicationId: number) {
  return db
    .selectFrom('change_round')
    .select(roundColumns)
    .where('application_id', '=', applicationId)
    .orderBy('number')
    .execute();
}

/** The open round of an application (at most one: a new one is asked only once the last is answered). */
export async function openRound(db: Db, applicationId: number) {
  return db
    .selectFrom('change_round')
    .select(roundColumns)
    .where('application_id', '=', applicationId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** The open round, locked until the transaction ends: an applicant's save and a staff change cannot interleave. */
export async function lockOpenRound(trx: Transaction<Database>, applicationId: number) {
  return trx
    .selectFrom('change_round')
    .select(roundColumns)
    .where('application_id', '=', applicationId)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
}

export async function insertRound(
  trx: Transaction<Database>,
  row: { application_id: number; requests: unknown[]; remark: string | null; due_date: string; actor: StaffActor },
): Promise<number> {
  const last = await trx
    .selectFrom('change_round')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('application_id', '=', row.application_id)
    .executeTakeFirst();
  const number = Number(last?.n ?? 0) + 1;
  const by = byColumns(row.actor);
  await trx
    .insertInto('change_round')
    .values({
      application_id: row.application_id,
      number,
      requests: JSON.stringify(row.requests),
      remark: row.remark,
      due_date: row.due_date,
      asked_by_kind: by.by_kind,
      asked_by_account_id: by.by_account_id,
      asked_by_name: by.by_name,
    })
    .execute();
  return number;
}

export async function saveRoundChanges(trx: Transaction<Database>, roundId: number, changes: object) {
  await trx
    .updateTable('change_round')
    .set({ changes: JSON.stringify(changes) })
    .where('id', '=', roundId)
    .execute();
}

export async function resubmitRound(trx: Transaction<Database>, roundId: number, note: string) {
  await trx
    .updateTable('change_round')
    .set({ status: 'resubmitted', note, resubmitted_at: new Date() })
    .where('id', '=', roundId)
    .execute();
}

/** A round ended by staff: moved back to review by hand ('closed') or the application withdrawn. */
export async function endRound(trx: Transaction<Database>, roundId: number, status: 'closed' | 'withdrawn') {
  await trx.updateTable('change_round').set({ status, closed_at: new Date() }).where('id', '=', roundId).execute();
}

export async function extendRound(trx: Transaction<Database>, roundId: number, dueDate: string, extensions: unknown[]) {
  await trx
    .updateTable('change_round')
    .set({ due_date: dueDate, overdue_at: null, reminded_at: null, extensions: JSON.stringify(extensions) })
    .where('id', '=', roundId)
    .execute();
}

export async function countOverdue(db: Db): Promise<number> {
  const row = await overdueQuery(db)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findOverdue(db: Db, limit: number, offset: number) {
  return overdueQuery(db)
    .select(['application.reference_number', 'change_round.number', 'change_round.due_date', 'change_round.overdue_at'])
    .orderBy('change_round.overdue_at')
    .orderBy('change_round.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

function overdueQuery(db: Db) {
  return db
    .selectFrom('change_round')
    .innerJoin('application', 'application.id', 'change_round.application_id')
    .where('change_round.status', '=', 'open')
    .where('change_round.overdue_at', 'is not', null);
}

// The deadlines of the rounds (change-deadlines.ts): which rounds are due, each reminder and overdue mark once.

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
