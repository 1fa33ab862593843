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
