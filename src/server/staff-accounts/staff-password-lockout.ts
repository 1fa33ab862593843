import type { Kysely } from 'kysely';
import { holdLockout, isLocked, lockedSeconds, lockKey, recordFailure, recordSuccess } from '../codes/code-lockout';
import type { Database } from '../db/schema';

/**
 * Wrong staff passwords, counted twice (issue 31, item 7). Per login AND client (the address the server
 * sees, TRUST_PROXY respected, IPv6 by its /64): MAX_FAILURES (20) lock that client out of that login,
 * the right password included, for a growing wait. Per login from every client: LOGIN_MAX_FAILURES
 * (100) put the login "under lock": its password step then answers alike whether the password is right
 * or not (a pending sign-in either way), and only the right password AND the right second factor
 * get in. So a guesser spread over many addresses learns nothing from the password alone, and nobody
 * can keep the owner out by failing with the owner's login name from elsewhere.
 */
export const STAFF_PASSWORD_PURPOSE = 'staff_password';
/** Wrong passwords for a login, from all clients together, that put it under lock (5× one client's). */
export const LOGIN_MAX_FAILURES = 100;

/** The count of a login's wrong passwords from all clients. */
export const loginKey = (login: string) => lockKey(STAFF_PASSWORD_PURPOSE, login);
/** The count of a login's wrong passwords from one client (a login has no `@`). */
export const clientKey = (login: string, client: string) => lockKey(STAFF_PASSWORD_PURPOSE, `${login}@${client}`);
/** The start of every per-client count of a login: an admin's password reset forgets them all. */
export const clientKeysOf = (login: string) => lockKey(STAFF_PASSWORD_PURPOSE, `${login}@`);

/** The seconds this client stays locked out of this login, 0 when it is not. */
export function clientLockedSeconds(db: Kysely<Database>, login: string, client: string): Promise<number> {
  return lockedSeconds(db, clientKey(login, client));
}

export interface PasswordTry {
  /** The seconds of this client's lock (it was locked, or this wrong password locked it), else 0. */
  clientLockedS: number;
  /** The login is under lock from all clients' wrong passwords: the password is checked with the code. */
  underLock: boolean;
}

/**
 * Counts one password try of `client` for `login`. Both counts are held while read and written, the
 * login's first (every try of a login takes them in that order: tries of several processes queue).
 * A right password forgives this client's wrong ones, never the login's (spread guesses add up).
 */
export async function countPasswordTry(
  db: Kysely<Database>,
  login: string,
  client: string,
  right: boolean,
): Promise<PasswordTry> {
  return db.transaction().execute(async (trx) => {
    const all = await holdLockout(trx, loginKey(login));
    const mine = await holdLockout(trx, clientKey(login, client));
    if (isLocked(mine)) return { clientLockedS: Math.ceil(-mine.since_lock_end_s!), underLock: false };
    const underLock = isLocked(all);
    if (right) {
      await recordSuccess(trx, clientKey(login, client));
      return { clientLockedS: 0, underLock };
    }
    const clientLockedS = await recordFailure(trx, clientKey(login, client), mine);
    const lockedNow = !underLock && (await recordFailure(trx, loginKey(login), all, LOGIN_MAX_FAILURES)) > 0;
    return { clientLockedS, underLock: underLock || lockedNow };
  });
}
