import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Applicant sign-in and sessions (the staff's are in src/server/staff-accounts).
type Db = Kysely<Database>;

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
