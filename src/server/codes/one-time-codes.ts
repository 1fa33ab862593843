import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { QueuedSms } from '../sms/sms-sender';
import { holdLockout, isLocked, lockedSeconds, lockKey, recordFailure, recordSuccess } from './code-lockout';
import {
  findChallenge,
  insertCode,
  latestCodeId,
  lockLatestLiveCode,
  markCodeUsed,
  sendsInLastHour,
  setCodeAttempts,
} from './codes-repository';

export const CODE_TTL_S = 600;
export const RESEND_AFTER_S = 60;
export const MAX_SENDS_PER_HOUR = 5;
export const MAX_WRONG_TRIES = 5;

function hash(code: string, salt: string): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function matches(code: string, stored: string): boolean {
  const [salt = ''] = stored.split(':');
  return timingSafeEqual(Buffer.from(hash(code, salt)), Buffer.from(stored));
}

export interface OneTimeCodesOptions {
  /**
   * Called once when a subject gets locked (code-lockout.ts), after the lock is stored: tells the
   * phone owner. Its failure is its own business: the lock holds whatever it does.
   */
  onLock?: (purpose: string, subject: string) => Promise<void>;
}

/**
 * Six-digit one-time codes: from a cryptographic random source, stored hashed, valid 10 minutes,
 * single use, dead after 5 wrong tries; a resend waits 60 s; at most 5 sends per subject an hour.
 * Wrong tries are also counted per subject across its codes: too many lock it (code-lockout.ts).
 */
export class OneTimeCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: OneTimeCodesOptions = {},
  ) {}

  /** A new code for (purpose, subject), or 429 with the seconds to wait. The caller sends it. */
  async issue(purpose: string, subject: string): Promise<string> {
    return (await this.issueChallenge(purpose, subject, false)).code;
  }

  /**
   * A new code and, when `withChallenge`, an unguessable challenge id that the answer names instead
   * of the subject (the reference number): whoever holds the code must also hold this id.
   */
  async issueChallenge(
    purpose: string,
    subject: string,
    withChallenge = true,
    executor: Kysely<Database> = this.db,
  ): Promise<{ code: string; challengeId: string | null }> {
    const locked = await lockedSeconds(executor, lockKey(purpose, subject));
    if (locked > 0) throw codeLocked(locked);
    const recent = await sendsInLastHour(executor, purpose, subject);
    if (recent.sent >= MAX_SENDS_PER_HOUR) throw tooMany(Math.max(1, recent.hour_resets_in_s));
    if (recent.since_last_s < RESEND_AFTER_S) throw tooMany(RESEND_AFTER_S - recent.since_last_s);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const challengeId = withChallenge ? randomBytes(18).toString('base64url') : null;
    await insertCode(executor, {
      purpose,
      subject,
      code_hash: hash(code, randomBytes(8).toString('hex')),
      challenge_id: challengeId,
      expires_at: new Date(Date.now() + CODE_TTL_S * 1000),
    });
    return { code, challengeId };
  }

  /**
   * A new code and the SMS that carries it (`text(code)` to `phone`), written in one transaction: a code
   * is never stored without its SMS queued, and the SMS is tried as soon as the transaction commits.
   */
  async issueAndSend(
    purpose: string,
    subject: string,
    sms: QueuedSms,
    message: { phone: string; text: (code: string) => string; withChallenge?: boolean },
  ): Promise<{ challengeId: string | null }> {
    const { challengeId, smsId } = await this.db.transaction().execute(async (trx) => {
      const issued = await this.issueChallenge(purpose, subject, message.withChallenge ?? true, trx);
      return {
        challengeId: issued.challengeId,
        smsId: await sms.queue(trx, message.phone, message.text(issued.code), purpose),
      };
    });
    await sms.deliver(smsId);
    return { challengeId };
  }

  /** The purpose and subject of a challenge answered with its right code (once), else undefined. */
  async verifyChallenge(challengeId: string, code: string): Promise<{ purpose: string; subject: string } | undefined> {
    const row = await findChallenge(this.db, challengeId);
    if (!row) return undefined;
    // Only the latest live code of the subject counts: a newer send replaces an older challenge.
    if ((await latestCodeId(this.db, row.purpose, row.subject)) !== row.id) return undefined;
    return (await this.verify(row.purpose, row.subject, code))
      ? { purpose: row.purpose, subject: row.subject }
      : undefined;
  }

  /**
   * True once for the right code of the latest live code; a wrong try counts against it and against
   * its subject. A locked subject, or the wrong try that locks it, is answered 429 code_locked.
   */
  async verify(purpose: string, subject: string, code: string): Promise<boolean> {
    const key = lockKey(purpose, subject);
    const outcome = await this.db
      .transaction()
      .execute(async (trx): Promise<boolean | { lockedS: number; started: boolean }> => {
        // The subject's count first: every try of the subject, in any process, waits for the one before.
        const held = await holdLockout(trx, key);
        if (isLocked(held)) return { lockedS: Math.ceil(-held.since_lock_end_s!), started: false };
        const latest = await lockLatestLiveCode(trx, purpose, subject, new Date());
        // No live code: nothing could be guessed, nothing is counted.
        if (!latest || latest.attempts >= MAX_WRONG_TRIES) return false;
        if (!/^\d{6}$/.test(code) || !matches(code, latest.code_hash)) {
          await setCodeAttempts(trx, latest.id, latest.attempts + 1);
          const lockedS = await recordFailure(trx, key, held);
          return lockedS > 0 ? { lockedS, started: true } : false;
        }
        await markCodeUsed(trx, latest.id, new Date());
        await recordSuccess(trx, key);
        return true;
      });
    if (typeof outcome === 'boolean') return outcome;
    // Only the try that started the lock tells the owner (its transaction alone saw the count reach the limit).
    if (outcome.started && this.options.onLock) await this.options.onLock(purpose, subject).catch(() => {});
    throw codeLocked(outcome.lockedS);
  }
}

/** 429 while a subject is locked: `Retry-After` (set by the error handler) and `data.retry_after_s`. */
export function codeLocked(retryAfterS: number): ApiError {
  return new ApiError(429, 'code_locked', { retry_after_s: retryAfterS }, { count: Math.ceil(retryAfterS / 60) });
}

function tooMany(retryAfterS: number): ApiError {
  const error = new ApiError(429, 'too_many_codes', { retry_after_s: retryAfterS }, { seconds: retryAfterS });
  return error;
}
