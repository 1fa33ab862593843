import type { Transaction } from 'kysely';
import { canWithdraw, WITHDRAWN } from '../../shared/api/withdraw';
import { canSetStatus, statusAfterPermit } from '../../shared/dashboard';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { noticeAnswer, type Notified } from '../notifications/notice-answer';
import type { NoticeKind, Notifier } from '../notifications/notifier';
import {
  lockApplication,
  lockApplicationById,
  statusOf,
  touchApplication,
  writeStatus,
} from './applications-repository';
import { insertEvent, type EventBy } from './history-repository';

/**
 * An application's status moves here and nowhere else (issue 32, item 3): `moveStatus` checks the
 * move, writes the status and its line in the history in the caller's transaction, and says what to
 * tell the applicant; `tellApplicant` tells them once the transaction is committed (a move that rolled
 * back is never told). Each caller answers a refused move in its own words before it moves; the check
 * here keeps any other move out. The module's other calls for the modules that change an application
 * (lock it, a history line for an action that moves no status) are here too.
 */

export type { EventBy } from './history-repository';
export { lockApplication, lockApplicationById, touchApplication };

/** The statuses a permit can be renewed from (the applicant's renew_permit). */
export const RENEWABLE = ['permit_issued', 'renewed'];

/** Every move of an application's status, each with the call that makes it (src/shared/dashboard.ts). */
export function canMove(from: string, to: string): boolean {
  return (
    // set_status (STATUS_MOVES)
    canSetStatus(from, to) ||
    // the applicant's Submit
    (from === 'draft' && to === 'submitted') ||
    // issue_permit
    statusAfterPermit(from) === to ||
    // return_for_changes
    (from === 'under_review' && to === 'returned') ||
    // resubmit_changes, withdraw_overdue
    (from === 'returned' && (to === 'submitted' || to === WITHDRAWN)) ||
    // the applicant's withdrawal
    (to === WITHDRAWN && canWithdraw(from)) ||
    // renew_permit
    (to === 'renewal_requested' && RENEWABLE.includes(from))
  );
}

export interface StatusMove {
  to: string;
  remark: string | null;
  /** A staff move: who made it, with which call (the history says so). Absent: the applicant's own move. */
  by?: EventBy;
  /** The applicant's call that moved it, when its line names one (resubmit_changes). */
  action?: string;
  /** What the applicant is told of the move (none for their own moves). */
  notice?: { kind: NoticeKind; params: Record<string, unknown> };
}

export interface StatusMoved {
  applicationId: number;
  from: string;
  to: string;
  /** When the move's line was written. */
  at: Date;
  notice?: StatusMove['notice'];
}

/** The move, checked, with its line in the history, in the transaction that locked the application. */
export async function moveStatus(
  trx: Transaction<Database>,
  application: { id: number; status: string },
  move: StatusMove,
): Promise<StatusMoved> {
  const from = application.status;
  if (!canMove(from, move.to))
    throw new ApiError(
      409,
      'back_office.illegal_status_move',
      { from, to: move.to, allowed: [] },
      { from, to: move.to },
    );
  await writeStatus(trx, application.id, move.to, new Date());
  const line = { status: move.to, remark: move.remark, ...(move.action !== undefined ? { action: move.action } : {}) };
  const at = move.by
    ? await insertEvent(trx, application.id, { ...line, statusChanged: true }, move.by)
    : await insertEvent(trx, application.id, line);
  return { applicationId: application.id, from, to: move.to, at, notice: move.notice };
}

/** The applicant told of a committed move (dashboard notification and SMS); sms_failed when the SMS waits. */
export async function tellApplicant(notifier: Pick<Notifier, 'notice'>, moved: StatusMoved): Promise<Notified> {
  return moved.notice ? noticeAnswer(notifier, moved.applicationId, moved.notice.kind, moved.notice.params) : {};
}

/**
 * A line of the history for a staff action that moves no status (an invoice, a payment, a document
 * review, a notification, an answer, an extension): staff see it with who made it; the applicant's
 * history does not list it (they are told of it otherwise).
 */
export async function recordAction(
  db: Parameters<typeof statusOf>[0],
  applicationId: number,
  remark: string | null,
  by: EventBy,
): Promise<void> {
  const status = (await statusOf(db, applicationId)) ?? '';
  await insertEvent(db, applicationId, { status, remark, statusChanged: false }, by);
}

/** The application by its id, locked; it exists (a row that names it holds its id). */
export async function lockExistingApplication(trx: Transaction<Database>, id: number) {
  const application = await lockApplicationById(trx, id);
  if (!application) throw new Error(`no application ${id}`);
  return application;
}
