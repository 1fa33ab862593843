import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Applicant sign-in and sessions (the staff's are in src/server/staff-accounts).
type Db = Kysely<Database>;

/** An application to sign in to, by reference number. */
export async function findForSignIn(db: Db, referenceNumber: string) {
  return db
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'phone'])
    .where('reference_number', '=', referenceNumber)
    .executeTakeFirst();
}

/** Another application to switch to, by reference number, with the ID number and phone it was made with. */
export async function findOtherForSignIn(db: Db, referenceNumber: string) {
  return db
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'phone', 'id_number'])
    .where('reference_number', '=', referenceNumber)
    .executeTakeFirst();
}

/** The language the applicant signed in with: the back office's notifications and SMS use it. */
export async function setApplicationLanguage(db: Db, applicationId: number, language: string): Promise<void> {
  await db.updateTable('application').set({ language }).where('id', '=', applicationId).execute();
}

/** What the signed-in "user" is made of. */
export async function signedInApplication(db: Db, applicationId: number) {
  return db
    .selectFrom('application')
    .select(['reference_number', 'application_type', 'status', 'step_number', 'answers', 'phone', 'submitted_at'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

export async function insertSession(
  db: Db,
  session: { token_hash: string; application_id: number; last_seen_at: Date; expires_at: Date },
): Promise<void> {
  await db.insertInto('applicant_session').values(session).execute();
}

/**
 * Restarts the idle time of the live session of the token's hash (not ended, not expired, seen after
 * `idleSince`); undefined when there is none.
 */
export async function touchSession(db: Db, tokenHash: string, now: Date, idleSince: Date) {
  return db
    .updateTable('applicant_session')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .returning(['application_id', 'token_hash', 'expires_at'])
    .executeTakeFirst();
}

export async function endSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db
    .updateTable('applicant_session')
    .set({ ended_at: at })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .execute();
}
