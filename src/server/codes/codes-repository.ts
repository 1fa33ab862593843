import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

// One-time codes and the wrong tries counted per subject (code-lockout.ts), with the phones a lock is told to.
type Db = Kysely<Database> | Transaction<Database>;

/** The seconds left of the subject's lock, undefined when it is not locked. */
export async function lockoutSecondsLeft(db: Db, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('code_lockout')
    .select(sql<number>`ceil(extract(epoch from (locked_until - now())))::int`.as('left_s'))
    .where('subject_key', '=', key)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.left_s;
}

export interface HeldLockout {
  failures: number;
  lock_count: number;
  window_age_s: number;
  /** Seconds since the last lock ended (negative while locked), null if never locked. */
  since_lock_end_s: number | null;
}

/** The subject's count, created if new, locked (FOR UPDATE) until the transaction ends. */
export async function lockLockout(trx: Transaction<Database>, key: string): Promise<HeldLockout> {
  await trx
    .insertInto('code_lockout')
    .values({ subject_key: key })
    .onConflict((oc) => oc.column('subject_key').doNothing())
    .execute();
  return trx
    .selectFrom('code_lockout')
    .select([
      'failures',
      'lock_count',
      sql<number>`extract(epoch from (now() - window_started_at))::float8`.as('window_age_s'),
      sql<number | null>`extract(epoch from (now() - locked_until))::float8`.as('since_lock_end_s'),
    ])
    .where('subject_key', '=', key)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Stores the count of wrong tries; `newWindow`: the window starts now. */
export async function setFailures(
  trx: Transaction<Database>,
  key: string,
  failures: number,
  newWindow: boolean,
): Promise<void> {
  await trx
    .updateTable('code_lockout')
    .set(newWindow ? { failures, window_started_at: sql<Date>`now()` } : { failures })
    .where('subject_key', '=', key)
    .execute();
}

/** Locks the subject for `waitS` seconds from now, its `lockCount`th lock; the count starts again. */
export async function startLock(
  trx: Transaction<Database>,
  key: string,
  lockCount: number,
  waitS: number,
): Promise<void> {
  await trx
    .updateTable('code_lockout')
    .set({
      failures: 0,
      window_started_at: sql<Date>`now()`,
      lock_count: lockCount,
      locked_until: sql<Date>`now() + make_interval(secs => ${waitS})`,
    })
    .where('subject_key', '=', key)
    .execute();
}

/** The wrong tries so far forgiven (the locks so far kept). */
export async function forgiveFailures(trx: Transaction<Database>, key: string): Promise<void> {
  await trx
    .updateTable('code_lockout')
    .set({ failures: 0, window_started_at: sql<Date>`now()` })
    .where('subject_key', '=', key)
    .execute();
}

/** Deletes the subject's count, and every count whose key starts with `prefix` (given). */
export async function deleteLockout(db: Db, key: string, prefix?: string): Promise<void> {
  await db
    .deleteFrom('code_lockout')
    .where((eb) =>
      prefix === undefined
        ? eb('subject_key', '=', key)
        : eb.or([
            eb('subject_key', '=', key),
            // left(), not LIKE: a login's `_` would be a wildcard.
            eb(sql<string>`left(subject_key, ${prefix.length})`, '=', prefix),
          ]),
    )
    .execute();
}

/** The codes of (purpose, subject) sent in the last hour: how many, and the seconds since the last and until the hour's first leaves it. */
export async function sendsInLastHour(db: Db, purpose: string, subject: string) {
  return db
    .selectFrom('one_time_code')
    .select([
      sql<number>`count(*)::int`.as('sent'),
      sql<number>`coalesce(extract(epoch from (now() - max(created_at))), 1e9)::int`.as('since_last_s'),
      sql<number>`coalesce(extract(epoch from (min(created_at) + interval '1 hour' - now())), 0)::int`.as(
        'hour_resets_in_s',
      ),
    ])
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
}

export async function insertCode(
  db: Db,
  code: { purpose: string; subject: string; code_hash: string; challenge_id: string | null; expires_at: Date },
): Promise<void> {
  await db.insertInto('one_time_code').values(code).execute();
}

/** The code a challenge id was issued with. */
export async function findChallenge(db: Db, challengeId: string) {
  return db
    .selectFrom('one_time_code')
    .select(['purpose', 'subject', 'id'])
    .where('challenge_id', '=', challengeId)
    .executeTakeFirst();
}

/** The id of the newest code of (purpose, subject), live or not. */
export async function latestCodeId(db: Db, purpose: string, subject: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('one_time_code')
    .select('id')
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The newest unused, unexpired code of (purpose, subject), locked until the transaction ends. */
export async function lockLatestLiveCode(trx: Transaction<Database>, purpose: string, subject: string, now: Date) {
  return trx
    .selectFrom('one_time_code')
    .select(['id', 'code_hash', 'attempts'])
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function setCodeAttempts(trx: Transaction<Database>, codeId: number, attempts: number): Promise<void> {
  await trx.updateTable('one_time_code').set({ attempts }).where('id', '=', codeId).execute();
}

export async function markCodeUsed(trx: Transaction<Database>, codeId: number, at: Date): Promise<void> {
  await trx.updateTable('one_time_code').set({ used_at: at }).where('id', '=', codeId).execute();
}

/** The codes asked for this ID number (whatever phone) in the last hour. */
export async function findCodesThisHour(db: Kysely<Database>, purpose: string, idNumber: string): Promise<number> {
  const { asked } = await db
    .selectFrom('one_time_code')
    .select(sql<number>`count(*)::int`.as('asked'))
    .where('purpose', '=', purpose)
    // The ID number is [A-Z0-9] only (normalizeIdNumber): nothing in it is special to LIKE.
    .where('subject', 'like', `${idNumber}|%`)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return asked;
}

/** The purpose of a challenge, before its code is checked (a code of another purpose is not spent here). */
export async function purposeOfChallenge(db: Kysely<Database>, challengeId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('one_time_code')
    .select('purpose')
    .where('challenge_id', '=', challengeId)
    .executeTakeFirst();
  return row?.purpose;
}
