import type { Kysely, Transaction } from 'kysely';
import { isStaffRole, SECOND_FACTORS, STAFF_ROLES, type SecondFactor } from '../../shared/api/staff-session';
import { hiddenTextPaths } from '../../shared/hidden-characters';
import type { Language } from '../../shared/reference-data';
import { Problems, uniqueViolation } from '../back-office/back-office-rules';
import { forgetLockout, lockKey } from '../codes/code-lockout';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import * as repo from './staff-accounts-repository';
import { isValidLogin, normalizeLogin, normalizeStaffPhone } from './staff-login';
import { hashPassword, passwordProblem } from './staff-passwords';
import { clientKeysOf, loginKey } from './staff-password-lockout';
import { STAFF_CODE_PURPOSE } from './staff-sign-in-service';
import { newTotpSecret, totpUri } from './staff-totp';

/** An account as the command line shows it: never its password hash or TOTP secret. */
export interface StaffAccountView {
  login: string;
  display_name: string;
  role: string;
  second_factor: string;
  phone: string | null;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
}

/** A new authenticator app enrolment: shown once, when the account or its second factor is made. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
}

export interface NewAccount {
  login: string;
  display_name: string;
  role: string;
  second_factor?: string;
  phone?: string;
  password: string;
}

const view = (row: repo.StaffAccountRow): StaffAccountView => ({
  login: row.login,
  display_name: row.display_name,
  role: row.role,
  second_factor: row.second_factor,
  phone: row.phone,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
  disabled_at: row.disabled_at === null ? null : new Date(row.disabled_at).toISOString(),
});

/**
 * Managing staff accounts (`npm run staff -- users …`, on the database): add, list, disable, enable,
 * reset a password or a second factor, change a role. A disabled account, a new password and a new
 * second factor end the account's sessions at once; a role is read at every call, so a change of role
 * holds from the next one.
 */
export class StaffAccountsService {
  constructor(private readonly db: Kysely<Database>) {}

  async add(input: NewAccount, language: Language): Promise<{ account: StaffAccountView; totp?: TotpEnrolment }> {
    const problems = new Problems(language, 'staff_accounts.fields');
    const login = normalizeLogin(input.login);
    const name = input.display_name.trim();
    const factor = input.second_factor ?? 'totp';
    const phone = input.phone === undefined ? undefined : normalizeStaffPhone(input.phone);
    if (!isValidLogin(login)) problems.add('/login', 'login');
    if (!name || name.length > 100 || hiddenTextPaths({ name }, '', {}).length > 0)
      problems.add('/display_name', 'display_name');
    if (!isStaffRole(input.role)) problems.add('/role', 'role', { roles: STAFF_ROLES.join(', ') });
    if (!(SECOND_FACTORS as readonly string[]).includes(factor)) problems.add('/second_factor', 'second_factor');
    if (input.phone !== undefined && !phone) problems.add('/phone', 'phone');
    if (factor === 'sms' && input.phone === undefined) problems.add('/phone', 'phone_for_sms');
    const weak = passwordProblem(input.password, login);
    if (weak) problems.add('/password', weak);
    problems.check();

    const totp = factor === 'totp' ? newTotpSecret() : null;
    const row = await repo
      .insertAccount(this.db, {
        login,
        display_name: name,
        role: input.role,
        phone: phone ?? null,
        password_hash: await hashPassword(input.password),
        second_factor: factor,
        totp_secret: totp,
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error) ? new ApiError(409, 'staff_accounts.login_taken', {}, { login }) : error;
      });
    return { account: view(row), ...(totp ? { totp: { secret: totp, uri: totpUri(totp, login) } } : {}) };
  }

  async list(): Promise<StaffAccountView[]> {
    return (await repo.listAccounts(this.db)).map(view);
  }

  async setDisabled(loginInput: string, disabled: boolean): Promise<StaffAccountView> {
    return this.change(loginInput, async (trx, account) => {
      if (disabled) await repo.endSessionsOf(trx, account.id, new Date());
      if (disabled === (account.disabled_at !== null)) return account;
      return repo.updateAccount(trx, account.id, { disabled_at: disabled ? new Date() : null });
    });
  }

  async resetPassword(loginInput: string, password: string, language: Language): Promise<StaffAccountView> {
    const login = normalizeLogin(loginInput);
    const weak = passwordProblem(password, login);
    if (weak) {
      const problems = new Problems(language, 'staff_accounts.fields');
      problems.add('/password', weak);
      problems.check();
    }
    const hash = await hashPassword(password);
    return this.change(login, async (trx, account) => {
      await repo.endSessionsOf(trx, account.id, new Date());
      await forgetLockout(trx, loginKey(account.login), clientKeysOf(account.login));
      return repo.updateAccount(trx, account.id, { password_hash: hash });
    });
  }

  async setRole(loginInput: string, role: string, language: Language): Promise<StaffAccountView> {
    if (!isStaffRole(role)) {
      const problems = new Problems(language, 'staff_accounts.fields');
      problems.add('/role', 'role', { roles: STAFF_ROLES.join(', ') });
      problems.check();
    }
    return this.change(loginInput, (trx, account) => repo.updateAccount(trx, account.id, { role }));
  }

  /** A new second factor (a lost phone): a new TOTP secret, or SMS to the phone on file or given. */
  async resetSecondFactor(
    loginInput: string,
    input: { second_factor?: string; phone?: string },
    language: Language,
  ): Promise<{ account: StaffAccountView; totp?: TotpEnrolment }> {
    const problems = new Problems(language, 'staff_accounts.fields');
    const phone = input.phone === undefined ? undefined : normalizeStaffPhone(input.phone);
    if (input.phone !== undefined && !phone) problems.add('/phone', 'phone');
    if (input.second_factor !== undefined && !(SECOND_FACTORS as readonly string[]).includes(input.second_factor))
      problems.add('/second_factor', 'second_factor');
    problems.check();
    let totp: string | null = null;
    const account = await this.change(loginInput, async (trx, row) => {
      const factor = (input.second_factor ?? row.second_factor) as SecondFactor;
      const newPhone = phone ?? row.phone;
      if (factor === 'sms' && !newPhone) {
        problems.add('/phone', 'phone_for_sms');
        problems.check();
      }
      totp = factor === 'totp' ? newTotpSecret() : null;
      await repo.endSessionsOf(trx, row.id, new Date());
      await forgetLockout(trx, lockKey(STAFF_CODE_PURPOSE, `staff:${row.id}`));
      return repo.updateAccount(trx, row.id, {
        second_factor: factor,
        phone: newPhone,
        totp_secret: totp,
        totp_last_step: null,
      });
    });
    const secret = totp as string | null;
    return { account, ...(secret ? { totp: { secret, uri: totpUri(secret, account.login) } } : {}) };
  }

  /** A change of one account, locked while it is made; 404 for an unknown login. */
  private async change(
    loginInput: string,
    work: (trx: Transaction<Database>, account: repo.StaffAccountRow) => Promise<repo.StaffAccountRow>,
  ): Promise<StaffAccountView> {
    const login = normalizeLogin(loginInput);
    const row = await this.db.transaction().execute(async (trx) => {
      const account = await repo.lockAccount(trx, login);
      if (!account) throw new ApiError(404, 'staff_accounts.not_found', {}, { login });
      return work(trx, account);
    });
    return view(row);
  }
}
