import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import {
  deleteLockout,
  forgiveFailures,
  lockLockout,
  lockoutSecondsLeft,
  setFailures,
  startLock,
  type HeldLockout,
} from './codes-repository';

export type { HeldLockout } from './codes-repository';

/**
 * Wrong codes counted per subject across all its codes: each code dies after a few wrong tries, but a
 * new one comes every minute, so without this a reference number could be guessed at some 600 times
 * a day, for ever. After MAX_FAILURES wrong tries in a window the subject is locked: no code is sent
 * and none is accepted, the right one included, for a wait that grows with each lock.
 */
export const MAX_FAILURES = 20;
/** Wrong tries are counted from the first after the last success, for this long. */
export const FAILURE_WINDOW_S = 24 * 3600;
/** The wait of the first, second, third… lock; the last one repeats. */
export const LOCK_WAITS_S = [15 * 60, 3600, 4 * 3600, 24 * 3600] as const;
/** A subject not locked for this long starts again from the first wait. */
export const FORGET_LOCKS_AFTER_S = 7 * 24 * 3600;

/**
 * The purposes whose codes go to the same phone for the same subject share one count: a continue and
 * a sign-in both send to the application's phone. Any other purpose counts on its own.
 */
const FAMILIES: Readonly<Record<string, string>> = { continue: 'application', sign_in: 'application' };

export function lockKey(purpose: string, subject: string): string {
  return `${FAMILIES[purpose] ?? purpose}:${subject}`;
}

/** The seconds the subject stays locked, 0 when it is not. */
export async function lockedSeconds(db: Kysely<Database>, key: string): Promise<number> {
  return Math.max(0, (await lockoutSecondsLeft(db, key)) ?? 0);
}

/** The subject's count, created if new, held (FOR UPDATE) until the transaction ends: tries of several processes queue. */
export async function holdLockout(trx: Transaction<Database>, key: string): Promise<HeldLockout> {
  return lockLockout(trx, key);
}

/** Whether the held subject is locked now. */
export function isLocked(held: HeldLockout): boolean {
  return held.since_lock_end_s !== null && held.since_lock_end_s < 0;
}

/** Counts a wrong try (a lock starts at `maxFailures`); the seconds of the lock it starts, or 0 when it starts none. */
export async function recordFailure(
  trx: Transaction<Database>,
  key: string,
  held: HeldLockout,
  maxFailures: number = MAX_FAILURES,
): Promise<number> {
  const fresh = held.failures === 0 || held.window_age_s > FAILURE_WINDOW_S;
  const failures = fresh ? 1 : held.failures + 1;
  if (failures < maxFailures) {
    await setFailures(trx, key, failures, fresh);
    return 0;
  }
  const forgotten = held.since_lock_end_s !== null && held.since_lock_end_s > FORGET_LOCKS_AFTER_S;
  const level = forgotten ? 0 : held.lock_count;
  const wait = LOCK_WAITS_S[Math.min(level, LOCK_WAITS_S.length - 1)]!;
  await startLock(trx, key, level + 1, wait);
  return wait;
}

/** A right code: the wrong tries before it are forgiven (the locks so far still count towards the next wait). */
export async function recordSuccess(trx: Transaction<Database>, key: string): Promise<void> {
  await forgiveFailures(trx, key);
}

/**
 * Forgets a subject's count and locks (an admin reset a staff member's password or second factor), and
 * with `alsoStartingWith` every count whose key starts so (the login's counts per client).
 */
export async function forgetLockout(
  db: Kysely<Database> | Transaction<Database>,
  key: string,
  alsoStartingWith?: string,
): Promise<void> {
  await deleteLockout(db, key, alsoStartingWith);
}
