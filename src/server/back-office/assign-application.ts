import type { Kysely } from 'kysely';
import type { AssignApplicationAnswer } from '../../shared/api/back-office';
import type { Language } from '../../shared/reference-data';
import { assigneeOf, setAssignee } from '../applications/application-access';
import { lockApplication, recordAction } from '../applications/status-move';
import { formatReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { applicationWorker, staffNames, type StaffName } from '../staff-accounts/staff-directory';
import { normalizeLogin } from '../staff-accounts/staff-login';
import { Problems, staffReference } from './back-office-rules';

/** What assign_application runs on (StaffServices has it). */
export interface AssignDeps {
  db: Kysely<Database>;
}

const named = (person: StaffName | undefined) => (person ? { login: person.login, name: person.name } : null);

/**
 * Gives an application to an officer (or to nobody), as issue 33, item 2 says who may: an officer takes
 * one nobody has, or gives back their own; an administrator or the integration assigns any to anyone
 * who works applications. The history keeps who had it before and who has it now.
 */
export async function assignApplication(
  deps: AssignDeps,
  actor: StaffActor,
  referenceInput: string,
  assigneeLogin: string | null,
  language: Language = 'en',
): Promise<AssignApplicationAnswer> {
  const reference = staffReference(referenceInput);
  const mayAssignAnyone = actor.kind !== 'staff' || actor.role === 'admin';
  // An officer names nobody but themselves (checked before any account is looked up: a login's answer
  // must not tell an officer which accounts work applications).
  if (!mayAssignAnyone && assigneeLogin !== null && normalizeLogin(assigneeLogin) !== actor.login)
    throw new ApiError(403, 'staff_forbidden');
  const assignee = assigneeLogin === null ? undefined : await applicationWorker(deps.db, assigneeLogin);
  if (assigneeLogin !== null && !assignee) {
    const problems = new Problems(language);
    problems.add('/assignee', 'assignee');
    problems.check();
  }
  return deps.db.transaction().execute(async (trx) => {
    const application = await lockApplication(trx, reference);
    if (!application) throw new ApiError(404, 'application_not_found');
    if (application.status === 'draft') throw new ApiError(409, 'back_office.not_submitted');
    const before = await assigneeOf(trx, application.id);
    const names = await staffNames(trx, [before]);
    const previous = before === null ? undefined : names.get(before);
    if (!mayAssignAnyone && actor.kind === 'staff') {
      // An officer: only themselves, or nobody in their own place.
      const forSelf = assignee ? assignee.id === actor.accountId : before === actor.accountId;
      if (!forSelf) throw new ApiError(403, 'staff_forbidden');
      if (before !== null && before !== actor.accountId)
        throw new ApiError(
          409,
          'back_office.assigned_to_another',
          { assignee: previous?.name ?? '' },
          { assignee: previous?.name ?? '' },
        );
    }
    const after = assignee?.id ?? null;
    if (after !== before) {
      await setAssignee(trx, application.id, after);
      await recordAction(trx, application.id, null, {
        actor,
        action: 'assign_application',
        details: { from: named(previous), to: named(assignee) },
      });
    }
    return {
      reference_number: formatReferenceNumber(application.reference_number),
      assignee: named(assignee),
      previous: named(previous),
    };
  });
}
