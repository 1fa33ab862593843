import type { Kysely } from 'kysely';
import type { SetStatusAnswer } from '../../shared/api/back-office';
import { APPLICATION_STATUSES, STATUS_MOVES, canSetStatus, isApplicationStatus } from '../../shared/dashboard';
import type { Language } from '../../shared/reference-data';
import { formatReferenceNumber } from '../applications/reference-number';
import { lockApplication, moveStatus, tellApplicant } from '../applications/status-move';
import { ChangeRequestsService } from '../changes/change-requests-service';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { Notifier } from '../notifications/notifier';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { Problems, REMARK_REQUIRED, cleanText, staffReference, statusName } from './back-office-rules';

/** What set_status runs on (StaffServices has it). */
export interface SetStatusDeps {
  db: Kysely<Database>;
  notifier: Notifier;
}

/** One of the moves of STATUS_MOVES, with a remark (required when returning or rejecting); tells the applicant. */
export async function setStatus(
  deps: SetStatusDeps,
  actor: StaffActor,
  referenceInput: string,
  to: string,
  remarkInput?: string | null,
  language: Language = 'en',
): Promise<SetStatusAnswer> {
  if (!isApplicationStatus(to)) {
    const problems = new Problems(language);
    problems.add('/status', 'status', { statuses: APPLICATION_STATUSES.join(', ') });
    problems.check('back_office.unknown_status', { status: to });
  }
  const reference = staffReference(referenceInput);
  const remark = cleanText(remarkInput);
  const moved = await deps.db.transaction().execute(async (trx) => {
    const application = await lockApplication(trx, reference);
    if (!application) throw new ApiError(404, 'application_not_found');
    const from = application.status;
    if (!canSetStatus(from, to)) {
      throw new ApiError(
        409,
        'back_office.illegal_status_move',
        { from, to, allowed: isApplicationStatus(from) ? [...STATUS_MOVES[from]] : [] },
        { from: statusName(language, from), to: statusName(language, to) },
      );
    }
    if (REMARK_REQUIRED.has(to) && !remark) {
      const problems = new Problems(language);
      problems.add('/remark', 'remark_required');
      problems.check();
    }
    // Back to review by hand (the changes were brought to the office): the open round ends as asked.
    if (from === 'returned') await ChangeRequestsService.closeOpenRound(trx, application.id);
    return moveStatus(trx, application, {
      to,
      remark,
      by: { actor, action: 'set_status', details: { from } },
      notice: { kind: 'status_changed', params: { status: to, from_status: from, remark } },
    });
  });
  const notified = await tellApplicant(deps.notifier, moved);
  return { reference_number: formatReferenceNumber(reference), from: moved.from, status: to, ...notified };
}
