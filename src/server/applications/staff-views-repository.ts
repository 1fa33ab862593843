import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { byColumns, type StaffActor } from '../staff-accounts/staff-actor';

/** The staff's looks at applications (issue 33, item 9): every SQL statement on staff_view. */

/** How many of an application's looks its applicant is shown, newest first. */
export const STAFF_VIEWS_SHOWN = 20;

/** A look at the application's personal data, by whom, in which role, now. */
export async function insertStaffView(db: Kysely<Database>, applicationId: number, actor: StaffActor): Promise<void> {
  const { by_kind, by_account_id, by_name } = byColumns(actor);
  await db
    .insertInto('staff_view')
    .values({
      application_id: applicationId,
      by_kind,
      by_account_id,
      by_name,
      role: actor.kind === 'staff' ? actor.role : actor.kind,
    })
    .execute();
}

/** The latest looks: the role and the time, never who (the applicant's view). */
export async function staffViewsOf(db: Kysely<Database>, applicationId: number) {
  return db
    .selectFrom('staff_view')
    .select(['role', 'viewed_at'])
    .where('application_id', '=', applicationId)
    .orderBy('viewed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(STAFF_VIEWS_SHOWN)
    .execute();
}
