import { sql, type Kysely, type Transaction } from 'kysely';
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

/** The application's row as the changes need it, locked. */
export async function lockApplicationById(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'application_type', 'answers', 'forms_version', 'language'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function findApplicationByReference(db: Db, reference: string) {
  return db
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'application_type', 'answers', 'forms_version', 'language'])
    .where('reference_number', '=', reference)
    .executeTakeFirst();
}

export async function findApplicationById(db: Db, id: number) {
  return db
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'application_type', 'answers', 'forms_version', 'language'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The answers of one step written back (the applicant's answer to a step request). */
export async function writeStepAnswers(trx: Transaction<Database>, applicationId: number, answers: object) {
  await trx
    .updateTable('application')
    .set({ answers: JSON.stringify(answers), updated_at: new Date(), revision: sql`revision + 1` })
    .where('id', '=', applicationId)
    .execute();
}

/** The applicant's resubmit: returned → submitted, with its line in the history. */
export async function markResubmitted(trx: Transaction<Database>, applicationId: number, note: string) {
  await trx
    .updateTable('application')
    .set({ status: 'submitted', updated_at: new Date() })
    .where('id', '=', applicationId)
    .execute();
  await trx
    .insertInto('application_event')
    .values({ application_id: applicationId, status: 'submitted', remark: note, action: 'resubmit_changes' })
    .execute();
}

/** A staff move (return, withdraw) with its line in the history, and who made it. */
export async function moveWithEvent(
  trx: Transaction<Database>,
  applicationId: number,
  status: string,
  remark: string | null,
  by: { actor: StaffActor; action: string; details?: Record<string, unknown> },
) {
  await trx
    .updateTable('application')
    .set({ status, updated_at: new Date() })
    .where('id', '=', applicationId)
    .execute();
  await trx
    .insertInto('application_event')
    .values({
      application_id: applicationId,
      status,
      remark,
      status_changed: true,
      action: by.action,
      details: JSON.stringify(by.details ?? {}),
      ...byColumns(by.actor),
    })
    .execute();
}

/** A line of the history that moves no status (an extension, an overdue round), with who made it. */
export async function eventWithoutMove(
  db: Db,
  applicationId: number,
  remark: string | null,
  by: { actor: StaffActor; action: string; details?: Record<string, unknown> },
) {
  const row = await db.selectFrom('application').select('status').where('id', '=', applicationId).executeTakeFirst();
  await db
    .insertInto('application_event')
    .values({
      application_id: applicationId,
      status: row?.status ?? '',
      remark,
      status_changed: false,
      action: by.action,
      details: JSON.stringify(by.details ?? {}),
      ...byColumns(by.actor),
    })
    .execute();
}

export async function attachmentsOfType(trx: Transaction<Database>, applicationId: number, documentType: string) {
  return trx
    .selectFrom('attachment')
    .select(['id', 'status'])
    .where('application_id', '=', applicationId)
    .where('document_type', '=', documentType)
    .execute();
}
