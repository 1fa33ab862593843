import type { Kysely } from 'kysely';
import { BACK_OFFICE_ROLES } from '../../shared/api/staff-session';
import type { Database } from '../db/schema';
import { accountNames, findAccountByLogin } from './staff-accounts-repository';
import { normalizeLogin } from './staff-login';

/**
 * Staff accounts as other modules need them: who may be given an application to work, and the names
 * of the accounts a list shows (an application's assignee). Never the password, the phone or the codes.
 */

/** A staff member as the unit's pages name them. */
export interface StaffName {
  id: number;
  login: string;
  name: string;
}

/** The account of `login` if it may work applications: not disabled, an officer or an administrator. */
export async function applicationWorker(db: Kysely<Database>, login: string): Promise<StaffName | undefined> {
  const normalized = normalizeLogin(login);
  const account = normalized ? await findAccountByLogin(db, normalized) : undefined;
  if (!account || account.disabled_at || !(BACK_OFFICE_ROLES as readonly string[]).includes(account.role))
    return undefined;
  return { id: account.id, login: account.login, name: account.display_name };
}

/** The names of these accounts, by id. */
export async function staffNames(
  db: Kysely<Database>,
  ids: readonly (number | null)[],
): Promise<Map<number, StaffName>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = await accountNames(db, wanted);
  return new Map(rows.map((row) => [row.id, { id: row.id, login: row.login, name: row.display_name }]));
}
