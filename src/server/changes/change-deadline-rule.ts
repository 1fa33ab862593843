import { todayIso } from '../../shared/dashboard';
import { ApiError } from '../http/envelope';

/**
 * A round's deadline is firm (issue 31, item 7): its own day is the last one (in Zanzibar's date, as
 * the overdue job counts it); from the day after, the applicant's changes (a step's answers, a
 * requested document, the resubmit) are refused until staff extend the deadline (extend_changes moves
 * it) or withdraw the application.
 */
export function deadlinePassed(dueDate: string, now: Date = new Date()): boolean {
  return dueDate < todayIso(now);
}

/** 409 `changes.deadline_passed` (contact the unit, who may extend it) once the round's deadline has passed. */
export function refuseAfterDeadline(round: { due_date: string }): void {
  if (deadlinePassed(round.due_date))
    throw new ApiError(409, 'changes.deadline_passed', { due_date: round.due_date }, { due_date: round.due_date });
}
