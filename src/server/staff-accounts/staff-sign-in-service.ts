import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  isStaffRole,
  type StaffSessionAnswer,
  type StaffSignInAnswer,
  type StaffSignInRequest,
  type StaffVerifyRequest,
} from '../../shared/api/staff-session';
import type { Language } from '../../shared/reference-data';
import { holdLockout, isLocked, lockedSeconds, lockKey, recordFailure, recordSuccess } from '../codes/code-lockout';
import type { OneTimeCodes } from '../codes/one-time-codes';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import { maskPhone, type QueuedSms } from '../sms/sms-sender';
import { findAccountById, findAccountByLogin, takeTotpStep } from './staff-accounts-repository';
import { normalizeLogin } from './staff-login';
import { passwordMatches } from './staff-passwords';
import type { StaffSessionStore } from './staff-session-store';
import { insertPendingSignIn, takePendingTry, usePendingSignIn } from './staff-sessions-repository';
import { acceptedTotpStep } from './staff-totp';
import { secretHash } from '../sessions/secret-hash';

/** The purpose of staff SMS codes (one_time_code) and of the second factor's lockout count. */
export const STAFF_CODE_PURPOSE = 'staff_sign_in';
/** The lockout count of a login's wrong passwords (code_lockout), known login or not. */
export const STAFF_PASSWORD_PURPOSE = 'staff_password';
/** A pending sign-in waits this long for its second factor… */
export const PENDING_SIGN_IN_TTL_S = 300;
/** …and dies after this many wrong codes (sign in again with the password). */
export const MAX_PENDING_TRIES = 5;

const subjectOf = (accountId: number) => `staff:${accountId}`;

/** 429 while a login is locked: `Retry-After` and `data.retry_after_s`, the wait in minutes in the message. */
function locked(retryAfterS: number): ApiError {
  return new ApiError(429, 'staff_locked', { retry_after_s: retryAfterS }, { count: Math.ceil(retryAfterS / 60) });
}

/**
 * A staff sign-in in two steps: login and password (argon2id), then the second factor (the
 * authenticator app's code, or a code sent by SMS to the staff phone); the right code opens a staff
 * session. An unknown login, a wrong password and a disabled account get one answer, after the same
 * argon2 work. Wrong passwords are counted per login and wrong codes per account, in the database, as
 * applicants' codes are (src/server/codes/code-lockout.ts): too many lock them, for a growing wait.
 */
export class StaffSignInService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly codes: OneTimeCodes,
    private readonly sms: QueuedSms,
    private readonly sessions: StaffSessionStore,
  ) {}

  async signIn(body: StaffSignInRequest, language: Language): Promise<StaffSignInAnswer> {
    const login = normalizeLogin(body.login);
    const key = lockKey(STAFF_PASSWORD_PURPOSE, login);
    const wait = await lockedSeconds(this.db, key);
    if (wait > 0) throw locked(wait);
    const account = await findAccountByLogin(this.db, login);
    const right = (await passwordMatches(account?.password_hash, body.password)) && account?.disabled_at === null;
    // The count is held while it is read and written: tries of several processes queue.
    const lockedS = await this.db.transaction().execute(async (trx) => {
      const held = await holdLockout(trx, key);
      if (isLocked(held)) return Math.ceil(-held.since_lock_end_s!);
      if (!right) return recordFailure(trx, key, held);
      await recordSuccess(trx, key);
      return 0;
    });
    if (lockedS > 0) throw locked(lockedS);
    if (!right || !account) throw new ApiError(401, 'staff_sign_in_failed');

    const factor = account.second_factor === 'sms' ? 'sms' : 'totp';
    let sentTo: string | undefined;
    if (factor === 'sms') {
      if (!account.phone) throw new ApiError(409, 'staff_no_phone');
      const phone = account.phone;
      await this.codes.issueAndSend(STAFF_CODE_PURPOSE, subjectOf(account.id), this.sms, {
        phone,
        text: (code) => message(language, 'sms_staff_sign_in_code', { code }),
        withChallenge: false,
      });
      sentTo = maskPhone(phone);
    }
    const signInId = randomBytes(32).toString('base64url');
    await insertPendingSignIn(this.db, {
      token_hash: secretHash(signInId),
      account_id: account.id,
      second_factor: factor,
      expires_at: new Date(Date.now() + PENDING_SIGN_IN_TTL_S * 1000),
    });
    return {
      sign_in_id: signInId,
      second_factor: factor,
      ...(sentTo ? { sent_to: sentTo } : {}),
      expires_in_s: PENDING_SIGN_IN_TTL_S,
    };
  }

  /** The second factor of a pending sign-in: a new staff session (its token for the cookie) and who it is. */
  async verify(body: StaffVerifyRequest): Promise<StaffSessionAnswer & { token: string }> {
    const tokenHash = secretHash(body.sign_in_id);
    const pending = await takePendingTry(this.db, tokenHash, new Date(), MAX_PENDING_TRIES);
    if (!pending) throw new ApiError(401, 'staff_sign_in_expired');
    const account = await findAccountById(this.db, pending.account_id);
    if (!account || account.disabled_at !== null) throw new ApiError(401, 'staff_sign_in_expired');
    const code = body.code.trim();
    const right =
      pending.second_factor === 'sms'
        ? await this.codes.verify(STAFF_CODE_PURPOSE, subjectOf(account.id), code)
        : await this.verifyTotp(account, code);
    if (!right) throw new ApiError(422, 'wrong_code');
    if (!(await usePendingSignIn(this.db, tokenHash, new Date()))) throw new ApiError(401, 'staff_sign_in_expired');
    if (!isStaffRole(account.role)) throw new ApiError(401, 'staff_sign_in_expired');
    const { token, times } = await this.sessions.create(account.id);
    return {
      token,
      staff: { login: account.login, display_name: account.display_name, role: account.role },
      session: times,
    };
  }

  /**
   * The authenticator app's code, counted as the SMS codes are (the same lockout, per account): a
   * right code newer than the last one accepted passes once; a wrong one counts, and may lock.
   */
  private async verifyTotp(
    account: { id: number; totp_secret: string | null; totp_last_step: number | null },
    code: string,
  ): Promise<boolean> {
    const key = lockKey(STAFF_CODE_PURPOSE, subjectOf(account.id));
    const step = account.totp_secret
      ? await acceptedTotpStep(account.totp_secret, code, account.totp_last_step)
      : undefined;
    const outcome = await this.db.transaction().execute(async (trx) => {
      const held = await holdLockout(trx, key);
      if (isLocked(held)) return { lockedS: Math.ceil(-held.since_lock_end_s!) };
      if (step !== undefined && (await takeTotpStep(trx, account.id, step, account.totp_last_step))) {
        await recordSuccess(trx, key);
        return true;
      }
      const lockedS = await recordFailure(trx, key, held);
      return lockedS > 0 ? { lockedS } : false;
    });
    if (typeof outcome === 'boolean') return outcome;
    throw new ApiError(
      429,
      'code_locked',
      { retry_after_s: outcome.lockedS },
      { count: Math.ceil(outcome.lockedS / 60) },
    );
  }
}
