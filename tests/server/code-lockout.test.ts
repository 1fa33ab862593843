import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Splash } from '../../src/shared/reference-data';
import { withSeededContacts } from '../fixtures/seeded-engineers';
import { OneTimeCodes } from '../../src/server/codes/one-time-codes';
import { LOCK_WAITS_S, MAX_FAILURES } from '../../src/server/codes/code-lockout';
import { api, ashaByPassport, sample } from './application-fixtures';
import { createTestApp, databaseKinds, post, type Answer, type TestApp } from './helpers';

// The attack: guessing an application's (or an engineer's) one-time code by asking for a new code
// whenever one dies after its 5 wrong tries. Wrong tries are counted per subject across its codes:
// the 20th locks it, a lock refuses even the right code of a fresh code, each lock waits longer, and
// the phone owner is told by one SMS per lock.

const UNLIMITED = { max: 1_000_000 };
const data = <T>(answer: { body?: unknown }) => (answer.body as { response: { data: T } }).response.data;
const messageOf = (answer: Answer) => answer.body!.response.message;
const personal = ashaByPassport();
const SW = { 'accept-language': 'sw' };

interface OutboxMessage {
  phone: string;
  message: string;
  purpose: string;
}

describe.each(databaseKinds)('one-time codes locked after 20 wrong tries per subject (%s)', (kind) => {
  let t: TestApp;
  const outbox = async () => data<OutboxMessage[]>(await post(t.app, '/api/dev/outbox', {}));
  const lockMessages = async () => (await outbox()).filter((m) => m.purpose === 'code_lock');
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
  // Codes are limited to one a minute and five an hour: move earlier sends back instead of waiting.
  const ageCodes = () =>
    sql`update one_time_code set created_at = created_at - interval '61 minutes'`.execute(t.database.db);
  // A lock's wait, ended by moving it back rather than by waiting.
  const endLock = () => sql`update code_lockout set locked_until = now() - interval '1 second'`.execute(t.database.db);

  beforeEach(async () => {
    t = await createTestApp(
      { DEV_TOOLS: true },
      { kind, rateLimits: { limits: { sign_in: UNLIMITED, engineer_code: UNLIMITED } } },
    );
  });
  afterEach(() => t.close());

  describe('continue by reference number', () => {
    let reference: string;
    beforeEach(async () => {
      const saved = await post(
        t.app,
        '/api/application/save_and_continue',
        { application_type: 'repair', step_number: 1, data: personal },
        SW,
      );
      reference = data<{ reference_number: string }>(saved).reference_number;
    });
    const newCode = async () => {
      await ageCodes();
      const res = await post(t.app, '/api/application/continue_application', { reference_number: reference }, SW);
      expect(res.status).toBe(200);
      const [latest] = await outbox();
      return { challenge_id: data<{ challenge_id: string }>(res).challenge_id, code: codeIn(latest!.message) };
    };
    const tryCode = (challenge_id: string, code: string) =>
      post(t.app, '/api/application/verify_code', { challenge_id, code }, SW);

    /** Wrong tries over fresh codes, five per code, `count` in all; the last code. */
    const wrongTries = async (count: number, lastStatus = 429) => {
      let last = await newCode();
      for (let i = 1; i <= count; i++) {
        if (i > 1 && (i - 1) % 5 === 0) last = await newCode();
        const res = await tryCode(last.challenge_id, wrongFor(last.code));
        expect(res.status, `try ${i}`).toBe(i < count ? 422 : lastStatus);
      }
      return last;
    };

    it('locks at the 20th wrong try across codes: the right code of a fresh code is refused, no code is sent, the owner is told once', async () => {
      // 19 wrong tries over four codes, then a fresh fifth code: its first wrong try is the 20th.
      let last = await newCode();
      for (let i = 1; i < MAX_FAILURES; i++) {
        if (i > 1 && (i - 1) % 5 === 0) last = await newCode();
        expect((await tryCode(last.challenge_id, wrongFor(last.code))).status).toBe(422);
      }
      const fresh = await newCode();
      const locking = await tryCode(fresh.challenge_id, wrongFor(fresh.code));
      expect(locking.status).toBe(429);
      expect(messageOf(locking)).toBe(api.sw.code_locked_other!.replace('{{count}}', '15'));
      expect(Number(locking.headers['retry-after'])).toBe(LOCK_WAITS_S[0]);
      expect(data<{ retry_after_s: number }>(locking).retry_after_s).toBe(LOCK_WAITS_S[0]);

      // The 21st try, with the right code of a code that has had only one wrong try: refused.
      const right = await tryCode(fresh.challenge_id, fresh.code);
      expect(right.status).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(LOCK_WAITS_S[0] - 60);
      // No new code is sent while locked.
      const sentBefore = (await outbox()).length;
      await ageCodes();
      const asked = await post(t.app, '/api/application/continue_application', { reference_number: reference });
      expect(asked.status).toBe(429);
      expect(messageOf(asked)).toBe(api.en.code_locked_other!.replace('{{count}}', '15'));
      expect((await outbox()).length).toBe(sentBefore);

      // The owner got exactly one SMS, in the application's language (Swahili), to the draft's phone.
      const told = await lockMessages();
      expect(told).toHaveLength(1);
      expect(told[0]!.phone).toBe(personal.phone);
      expect(told[0]!.message).toBe(api.sw.sms_code_lock_application!.replace('{{reference_number}}', reference));
      // The code of the refused right try still works once the lock is over.
      await endLock();
      expect((await tryCode(fresh.challenge_id, fresh.code)).status).toBe(200);
    });

    it('25 wrong tries over 5 codes: locked at 20, each lock waits longer, one SMS per lock', async () => {
      await wrongTries(MAX_FAILURES);
      await ageCodes();
      expect((await post(t.app, '/api/application/continue_application', { reference_number: reference })).status).toBe(
        429,
      );
      for (const [i, wait] of LOCK_WAITS_S.entries()) {
        if (i === 0) continue;
        await endLock();
        const last = await wrongTries(MAX_FAILURES);
        const locked = await tryCode(last.challenge_id, last.code);
        expect(locked.status).toBe(429);
        expect(data<{ retry_after_s: number }>(locked).retry_after_s).toBeGreaterThan(LOCK_WAITS_S[i - 1]!);
        expect(data<{ retry_after_s: number }>(locked).retry_after_s).toBeLessThanOrEqual(wait);
        expect(await lockMessages()).toHaveLength(i + 1);
      }
    });

    it('tries racing each other past the limit start one lock and send one SMS', async () => {
      await wrongTries(MAX_FAILURES - 5, 422);
      const { challenge_id, code } = await newCode();
      const raced = await Promise.all(Array.from({ length: 5 }, () => tryCode(challenge_id, wrongFor(code))));
      expect(raced.map((r) => r.status).sort()).toEqual([422, 422, 422, 422, 429]);
      expect(await lockMessages()).toHaveLength(1);
      expect((await tryCode(challenge_id, code)).status).toBe(429);
      expect(await lockMessages()).toHaveLength(1);
    });

    it('a right code forgives the wrong tries before it', async () => {
      await wrongTries(MAX_FAILURES - 2, 422);
      const { challenge_id, code } = await newCode();
      expect((await tryCode(challenge_id, wrongFor(code))).status).toBe(422);
      expect((await tryCode(challenge_id, code)).status).toBe(200);
      // Counted again from zero: 19 more wrong tries lock nothing.
      await wrongTries(MAX_FAILURES - 1, 422);
      expect(await lockMessages()).toHaveLength(0);
    });
  });

  it('counts continue and sign-in codes of one application together (both go to its phone)', async () => {
    const codes = new OneTimeCodes(t.database.db);
    const subject = 'ABCDE23456';
    const tries = async (purpose: string, count: number) => {
      for (let i = 0; i < count; i++) {
        if (i % 5 === 0) {
          await ageCodes();
          await codes.issueChallenge(purpose, subject);
        }
        await codes.verify(purpose, subject, '1234567');
      }
    };
    await tries('continue', 10);
    await tries('sign_in', MAX_FAILURES - 10 - 1);
    await ageCodes();
    const { code } = await codes.issueChallenge('sign_in', subject);
    await expect(codes.verify('sign_in', subject, '1234567')).rejects.toMatchObject({
      code: 429,
      messageKey: 'code_locked',
    });
    await expect(codes.verify('sign_in', subject, code)).rejects.toMatchObject({ code: 429 });
    await expect(codes.issue('continue', subject)).rejects.toMatchObject({ code: 429, messageKey: 'code_locked' });
    // Another subject is not concerned.
    await expect(codes.issue('continue', 'FGHJK23456')).resolves.toMatch(/^\d{6}$/);
  });

  it('locks an engineer after 20 wrong tries across codes and tells the engineer in both languages', async () => {
    const engineer = withSeededContacts(data<Splash>(await post(t.app, '/api/splash/get_splash', {})).engineers[3]!);
    // The engineer is asked about a draft of this test's "browser" (its draft cookie goes with each call).
    const saved = await post(t.app, '/api/application/save_and_continue', {
      application_type: 'new',
      step_number: 1,
      data: sample('personal ok (passport)'),
    });
    const reference_number = data<{ reference_number: string }>(saved).reference_number;
    const send = async () => {
      await ageCodes();
      return post(t.app, '/api/engineer/send_otp', { engineer_id: engineer.registration_number, reference_number });
    };
    const validate = (otp: string) =>
      post(t.app, '/api/engineer/validate_otp', { engineer_id: engineer.registration_number, otp, reference_number });
    let code = '';
    for (let i = 1; i <= MAX_FAILURES; i++) {
      if ((i - 1) % 5 === 0) {
        expect((await send()).status).toBe(200);
        code = codeIn((await outbox())[0]!.message);
      }
      expect((await validate(wrongFor(code))).status).toBe(i < MAX_FAILURES ? 422 : 429);
    }
    expect((await send()).status).toBe(429);
    const told = await lockMessages();
    expect(told).toHaveLength(1);
    expect(told[0]!.phone).toBe(engineer.mobile);
    const params = (text: string) => text.replace('{{registration_number}}', engineer.registration_number);
    expect(told[0]!.message).toBe(
      `${params(api.sw.sms_code_lock_engineer!)}\n${params(api.en.sms_code_lock_engineer!)}`,
    );
  });
});
