import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  isStaffRole,
  type SecondFactor,
  type StaffSessionAnswer,
  type StaffSignInAnswer,
  type StaffSignInRequest,
  type StaffVerifyRequest,
} from '../../shared/api/staff-session';
import type { Language } from '../../shared/reference-data';
import { holdLockout, isLocked, lockedSeconds, lockKey, recordFailure, recordSuccess } from '../codes/code-lockout';
import { codeLocked, type OneTimeCodes } from '../codes/one-time-codes';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import { maskPhone, type QueuedSms } from '../sms/sms-sender';
import { findAccountById, findAccountByLogin, takeTotpStep } from './staff-accounts-repository';
import { normalizeLogin } from './staff-login';
import { clientLockedSeconds, countPasswordTry } from './staff-password-lockout';
import { passwordMatches } from './staff-passwords';
import type { StaffSessionStore } from './staff-session-store';
import { insertPendingSignIn, takePendingTry, usePendingSignIn } from './staff-accounts-repository';
import { acceptedTotpStep } from './staff-totp';
import { secretHash } from '../sessions/secret-hash';

/** The purpose of staff SMS codes (one_time_code) and of the second factor's lockout count. */
export const STAFF_CODE_PURPOSE = 'staff_sign_in';
/** A pending sign-in waits this long for its second factor… */
export const PENDING_SIGN_IN_TTL_S = 300;
/** …and dies after this many wrong codes (sign in again with the password). */
export const MAX_PENDING_TRIES = 5;

const subjectOf = (accountId: number) => `staff:${accountId}`;
/** The count of an account's wrong codes (TOTP and SMS alike). */
const codesKey = (accountId: number) => lockKey(STAFF_CODE_PURPOSE, subjectOf(accountId));

function ignoreRefusedSend(error: unknown): void {
  if (!(error instanceof ApiError && error.code === 429)) throw error;
}

/** 429 while a login is locked: `Retry-After` and `data.retry_after_s`, the wait in minutes in the message. */
function locked(retryAfterS: number): ApiError {
  return new ApiError(429, 'staff_locked', { retry_after_s: retryAfterS }, { count: Math.ceil(retryAfterS / 60) });
}

/**
 * A staff sign-in in two steps: login and password (argon2id), then the second factor (the
 * authenticator app's code, or a code sent by SMS to the staff phone); the right code opens a staff
 * session. An unknown login, a wrong password and a disabled account get one answer, after the same
 * argon2 work. Wrong passwords are counted per login and client, and per login (staff-password-lockout.ts);
 * wrong codes per account, in the database, as applicants' codes are (src/server/codes/code-lockout.ts):
 * too many lock them, for a growing wait.
 */
export class StaffSignInService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly codes: OneTimeCodes,
    private readonly sms: QueuedSms,
    private readonly sessions: StaffSessionStore,
  ) {}

  /** The password step of `client` (its address as rate limits count it: staff-password-lockout.ts). */
  async signIn(body: StaffSignInRequest, language: Language, client: string): Promise<StaffSignInAnswer> {
    const login = normalizeLogin(body.login);
    const wait = await clientLockedSeconds(this.db, login, client);
    if (wait > 0) throw locked(wait);
    const account = await findAccountByLogin(this.db, login);
    const right = (await passwordMatches(account?.password_hash, body.password)) && account?.disabled_at === null;
    const { clientLockedS, underLock } = await countPasswordTry(this.db, login, client, right);
    if (clientLockedS > 0) throw locked(clientLockedS);
    if (!right || !account) {
      if (!underLock) throw new ApiError(401, 'staff_sign_in_failed');
      // Under lock a wrong password gets a pending sign-in too, one that no code opens.
      const factor = account?.second_factor === 'sms' ? 'sms' : 'totp';
      return this.pending({ account_id: account?.id ?? null, second_factor: factor, password_right: false }, true);
    }

    const factor = account.second_factor === 'sms' ? 'sms' : 'totp';
    let sentTo: string | undefined;
    // (Under lock a phoneless account gets the pending sign-in a wrong password gets: no code opens it.)
    if (factor === 'sms' && !account.phone && !underLock) throw new ApiError(409, 'staff_no_phone');
    if (factor === 'sms' && account.phone) {
      const phone = account.phone;
      const sent = this.codes.issueAndSend(STAFF_CODE_PURPOSE, subjectOf(account.id), this.sms, {
        phone,
        text: (code) => message(language, 'sms_staff_sign_in_code', { code }),
        withChallenge: false,
      });
      // Under lock a wrong password gets a pending sign-in: so does a right one whose code may not be
      // sent yet (too soon after the last, or the codes locked), else the 429 would say the password
      // was right. The code sent before still opens it.
      await (underLock ? sent.catch((error: unknown) => ignoreRefusedSend(error)) : sent);
      sentTo = maskPhone(phone);
    }
    const answer = await this.pending(
      { account_id: account.id, second_factor: factor, password_right: true },
      underLock,
    );
    // Under lock the phone is not shown: a wrong password could not show it.
    return sentTo && !underLock ? { ...answer, sent_to: sentTo } : answer;
  }

  private async pending(
    row: { account_id: number | null; second_factor: SecondFactor; password_right: boolean },
    underLock: boolean,
  ): Promise<StaffSignInAnswer> {
    const signInId = randomBytes(32).toString('base64url');
    await insertPendingSignIn(this.db, {
      ...row,
      token_hash: secretHash(signInId),
      under_lock: underLock,
      expires_at: new Date(Date.now() + PENDING_SIGN_IN_TTL_S * 1000),
    });
    return { sign_in_id: signInId, second_factor: row.second_factor, expires_in_s: PENDING_SIGN_IN_TTL_S };
  }

  /** The second factor of a pending sign-in: a new staff session (its token for the cookie) and who it is. */
  async verify(body: StaffVerifyRequest): Promise<StaffSessionAnswer & { token: string }> {
    const tokenHash = secretHash(body.sign_in_id);
    const pending = await takePendingTry(this.db, tokenHash, new Date(), MAX_PENDING_TRIES);
    if (!pending) throw new ApiError(401, 'staff_sign_in_expired');
    // Under lock a wrong code and a wrong password are one answer (staff-password-lockout.ts).
    const wrong = pending.under_lock ? 'staff_password_or_code_wrong' : 'wrong_code';
    if (!pending.password_right || pending.account_id === null) {
      // A right password's code is refused while the account's codes are locked: so is this one.
      const codesLocked = pending.account_id === null ? 0 : await lockedSeconds(this.db, codesKey(pending.account_id));
      if (codesLocked > 0) throw codeLocked(codesLocked);
      throw new ApiError(422, wrong);
    }
    const account = await findAccountById(this.db, pending.account_id);
    if (!account || account.disabled_at !== null) throw new ApiError(401, 'staff_sign_in_expired');
    const code = body.code.trim();
    const right =
      pending.second_factor === 'sms'
        ? await this.codes.verify(STAFF_CODE_PURPOSE, subjectOf(account.id), code)
        : await this.verifyTotp(account, code);
    if (!right) throw new ApiError(422, wrong);
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
    const key = codesKey(account.id);
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
    throw codeLocked(outcome.lockedS);
  }
}
