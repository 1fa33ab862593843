import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Every line of SQL about staff accounts themselves. Values are parameters, never SQL text. */

type Db = Kysely<Database> | Transaction<Database>;

const columns = [
  'id',
  'login',
  'display_name',
  'role',
  'phone',
  'password_hash',
  'second_factor',
  'totp_secret',
  'totp_last_step',
  'created_at',
  'updated_at',
  'disabled_at',
] as const;

export type StaffAccountRow = NonNullable<Awaited<ReturnType<typeof findAccountByLogin>>>;

export async function findAccountByLogin(db: Db, login: string) {
  return db.selectFrom('staff_account').select(columns).where('login', '=', login).executeTakeFirst();
}

export async function findAccountById(db: Db, id: number) {
  return db.selectFrom('staff_account').select(columns).where('id', '=', id).executeTakeFirst();
}

/** The account, locked until the transaction ends: two changes of one account queue. */
export async function lockAccount(trx: Transaction<Database>, login: string) {
  return trx.selectFrom('staff_account').select(columns).where('login', '=', login).forUpdate().executeTakeFirst();
}

export async function listAccounts(db: Db) {
  return db.selectFrom('staff_account').select(columns).orderBy('login').execute();
}

export async function insertAccount(
  db: Db,
  account: {
    login: string;
    display_name: string;
    role: string;
    phone: string | null;
    password_hash: string;
    second_factor: string;
    totp_secret: string | null;
  },
) {
  return db.insertInto('staff_account').values(account).returning(columns).executeTakeFirstOrThrow();
}

export async function updateAccount(
  db: Db,
  id: number,
  change: Partial<{
    role: string;
    phone: string | null;
    password_hash: string;
    second_factor: string;
    totp_secret: string | null;
    totp_last_step: number | null;
    disabled_at: Date | null;
  }>,
) {
  return db
    .updateTable('staff_account')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/**
 * Records the time step of an accepted TOTP code, only if it is newer than the last one: of two
 * requests with the same code, one alone gets the row.
 */
export async function takeTotpStep(db: Db, id: number, step: number, previous: number | null): Promise<boolean> {
  let query = db.updateTable('staff_account').set({ totp_last_step: step }).where('id', '=', id);
  query =
    previous === null
      ? query.where('totp_last_step', 'is', null)
      : query.where('totp_last_step', '=', previous).where('totp_last_step', '<', step);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The phone of an enabled staff account (the officer who asked for changes), or null. */
export async function officerPhone(db: Db, accountId: number): Promise<string | null> {
  const row = await db
    .selectFrom('staff_account')
    .select('phone')
    .where('id', '=', accountId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row?.phone ?? null;
}

// Staff sign-ins and sessions. Times come from the caller (the process's clock), as for applicants'
// sessions: every comparison of a session's times uses one clock.

export async function insertPendingSignIn(
  db: Db,
  row: {
    token_hash: string;
    account_id: number | null;
    second_factor: string;
    under_lock: boolean;
    password_right: boolean;
    expires_at: Date;
  },
) {
  await db.insertInto('staff_sign_in').values(row).execute();
}

/**
 * Takes one try of a live pending sign-in (at most `maxTries`): its account and second factor, or
 * undefined when it is unknown, used, expired or out of tries. Counted before the code is checked,
 * so that tries made at the same time cannot pass the limit.
 */
export async function takePendingTry(db: Db, tokenHash: string, now: Date, maxTries: number) {
  return db
    .updateTable('staff_sign_in')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxTries)
    .returning(['account_id', 'second_factor', 'under_lock', 'password_right'])
    .executeTakeFirst();
}

/** Marks the pending sign-in used, once: false when another request used it first. */
export async function usePendingSignIn(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('staff_sign_in')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSession(
  db: Db,
  row: { token_hash: string; account_id: number; created_at: Date; last_seen_at: Date; expires_at: Date },
) {
  await db.insertInto('staff_session').values(row).execute();
}

/**
 * Restarts the idle time of a live session of an enabled account and answers its account; undefined
 * when the session is unknown, ended, idle too long, past its end, or its account is disabled.
 */
export async function touchSession(db: Db, tokenHash: string, now: Date, idleSince: Date) {
  const session = await db
    .updateTable('staff_session')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .where((eb) => eb('account_id', 'in', eb.selectFrom('staff_account').select('id').where('disabled_at', 'is', null)))
    .returning(['account_id', 'expires_at'])
    .executeTakeFirst();
  if (!session) return undefined;
  const account = await db
    .selectFrom('staff_account')
    .select(['id', 'login', 'display_name', 'role'])
    .where('id', '=', session.account_id)
    .executeTakeFirstOrThrow();
  return { ...account, expires_at: session.expires_at };
}

export async function endSession(db: Db, tokenHash: string, now: Date) {
  await db
    .updateTable('staff_session')
    .set({ ended_at: now })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every session of an account (disabled, its password or role changed): answers how many. */
export async function endSessionsOf(db: Db, accountId: number, now: Date): Promise<number> {
  const result = await db
    .updateTable('staff_session')
    .set({ ended_at: now })
    .where('account_id', '=', accountId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The logins and names of these accounts (an application's assignee among a list's). */
export async function accountNames(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('staff_account')
    .select(['id', 'login', 'display_name'])
    .where('id', 'in', [...ids])
    .execute();
}
