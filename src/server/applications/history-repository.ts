import type { Kysely, Transaction } from 'kysely';
import { WITHDRAWN } from '../../shared/api/withdraw';
import type { Database } from '../db/schema';
import { byColumns, type StaffActor } from '../staff-accounts/staff-actor';

/**
 * The application's history (application_event), its one owner: the status moves' lines (written by
 * ./status-move.ts alone), the lines of actions that move no status, and the history's reads.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Who made a change and with which call: every back-office line of the history says so. */
export interface EventBy {
  actor: StaffActor;
  action: string;
  details?: Record<string, unknown>;
}

/**
 * A line of the history. A staff line (`by`) says who made it and with which call; an applicant's or
 * the system's line has at most an action. Answers when it was written.
 */
export async function insertEvent(
  db: Db,
  applicationId: number,
  line: { status: string; remark: string | null; statusChanged?: boolean; action?: string },
  by?: EventBy,
): Promise<Date> {
  const row = await db
    .insertInto('application_event')
    .values({
      application_id: applicationId,
      status: line.status,
      remark: line.remark,
      ...(line.statusChanged !== undefined ? { status_changed: line.statusChanged } : {}),
      ...(line.action !== undefined ? { action: line.action } : {}),
      ...(by ? { action: by.action, details: JSON.stringify(by.details ?? {}), ...byColumns(by.actor) } : {}),
    })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return row.created_at;
}

/**
 * A line of the history for something the applicant did that moves no status (a document uploaded
 * after Submit): staff see it (action, details); the applicant's own history lists status moves only.
 */
export async function addApplicantAction(
  db: Db,
  applicationId: number,
  line: { status: string; action: string; details: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('application_event')
    .values({
      application_id: applicationId,
      status: line.status,
      remark: null,
      status_changed: false,
      action: line.action,
      details: JSON.stringify(line.details),
    })
    .execute();
}

/** The whole history as staff see it, newest first. */
export async function history(db: Db, applicationId: number) {
  return db
    .selectFrom('application_event')
    .select([
      'status',
      'remark',
      'created_at',
      'action',
      'status_changed',
      'details',
      'by_kind',
      'by_account_id',
      'by_name',
    ])
    .where('application_id', '=', applicationId)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The status changes, newest first, as the applicant sees them. Staff actions that moved no status (an
 * invoice, a review) reach the applicant as notifications.
 */
export async function statusHistory(db: Db, applicationId: number) {
  return db
    .selectFrom('application_event')
    .select(['status', 'remark', 'created_at'])
    .where('application_id', '=', applicationId)
    .where('status_changed', '=', true)
    .orderBy('id', 'desc')
    .execute();
}

/** When it was withdrawn (its history line). */
export async function withdrawnAt(db: Db, applicationId: number): Promise<Date | undefined> {
  const row = await db
    .selectFrom('application_event')
    .select('created_at')
    .where('application_id', '=', applicationId)
    .where('status', '=', WITHDRAWN)
    .where('status_changed', '=', true)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}
