import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffSessionAnswer, StaffSignInAnswer } from '../../src/shared/api/staff-session';
import { LOCK_WAITS_S, MAX_FAILURES } from '../../src/server/codes/code-lockout';
import { StaffAccountsService } from '../../src/server/staff-accounts/staff-accounts-service';
import { LOGIN_MAX_FAILURES } from '../../src/server/staff-accounts/staff-password-lockout';
import { api } from './application-fixtures';
import { createTestApp, databaseKinds, smsCode, type Envelope, type TestApp } from './helpers';
import { addStaff, cookieOf, totpCode, type TestStaff } from './staff-fixtures';

// Issue 31, item 7: a staff login could be kept out by anyone who knew its name (wrong passwords were
// counted per login). They are counted per login AND client; per login from all clients a much higher
// count puts the login under lock, where only the right password with the right code gets in.

const COOKIE = 'kibali_staff_session';
/** Many tries from one test client: the per-client limit of the routes has its own test. */
const UNLIMITED = { limits: { staff_sign_in: { max: 10_000 } } };

async function call<T>(t: TestApp, client: string, url: string, body: object, language = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: client,
    headers: { 'content-type': 'application/json', 'accept-language': language },
    payload: JSON.stringify(body),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: JSON.parse(res.payload) as Envelope<T>,
    cookie: cookieOf({ status: res.statusCode, headers: res.headers, body: undefined }, COOKIE),
  };
}
const signIn = (t: TestApp, client: string, login: string, password: string) =>
  call<StaffSignInAnswer>(t, client, '/api/staff/session/sign_in', { login, password });
const verify = (t: TestApp, client: string, sign_in_id: string, code: string, language = 'en') =>
  call<StaffSessionAnswer>(t, client, '/api/staff/session/verify', { sign_in_id, code }, language);

/** `count` wrong passwords for `login`, spread over clients 10.<n>.x.y, each staying under its own lock. */
async function spreadFailures(t: TestApp, login: string, count: number, net: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const client = `10.${net}.${Math.floor(i / (MAX_FAILURES - 1))}.1`;
    const res = await signIn(t, client, login, `guess number ${i}`);
    // The one that reaches the login's count already gets a pending sign-in (below).
    expect(res.status, `guess ${i}`).toBe(i === LOGIN_MAX_FAILURES - 1 ? 200 : 401);
  }
}

describe.each(databaseKinds)('staff password lockout per login and client (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { kind, rateLimits: UNLIMITED });
  });
  afterAll(() => t?.close());

  it(`another client's ${MAX_FAILURES} wrong passwords do not keep the owner out; that client stays locked`, async () => {
    const owner: TestStaff = await addStaff(t, 'officer');
    const attacker = '203.0.113.66';
    for (let i = 1; i < MAX_FAILURES; i += 1) {
      expect((await signIn(t, attacker, owner.login, `wrong ${i}`)).status).toBe(401);
    }
    const locking = await signIn(t, attacker, owner.login, 'wrong, the last');
    expect(locking.status).toBe(429);
    expect(locking.headers['retry-after']).toBe(String(LOCK_WAITS_S[0]));
    expect(locking.body.response.message).toBe(api.en.staff_locked_other!.replace('{{count}}', '15'));

    // The owner, from the office: the password and the authenticator's code open a session.
    const started = await signIn(t, '198.51.100.7', owner.login, owner.password);
    expect(started.status).toBe(200);
    expect(started.body.response.data.second_factor).toBe('totp');
    const verified = await verify(
      t,
      '198.51.100.7',
      started.body.response.data.sign_in_id,
      await totpCode(owner.secret!),
    );
    expect(verified.status).toBe(200);
    expect(verified.body.response.data.staff.login).toBe(owner.login);
    expect(verified.cookie).toMatch(new RegExp(`^${COOKIE}=`));

    // The attacker's client is still locked, the right password included (the owner's success forgave nothing there).
    const again = await signIn(t, attacker, owner.login, owner.password);
    expect(again.status).toBe(429);
    // An IPv6 client is counted by its /64: another address of the same /64 is the same client.
    for (let i = 1; i < MAX_FAILURES; i += 1) {
      expect((await signIn(t, `2001:db8:1:2::${i.toString(16)}`, owner.login, `wrong ${i}`)).status).toBe(401);
    }
    expect((await signIn(t, '2001:db8:1:2::fffe', owner.login, 'wrong once more')).status).toBe(429);
    expect((await signIn(t, '2001:db8:1:2::fffd', owner.login, owner.password)).status).toBe(429);
  });

  it(`past ${LOGIN_MAX_FAILURES} wrong passwords from many clients, a password counts only with its code`, async () => {
    const owner = await addStaff(t, 'officer');
    await spreadFailures(t, owner.login, LOGIN_MAX_FAILURES - 1, 1);
    // The last guess puts the login under lock: it already gets a pending sign-in, like the right password.
    const guess = await signIn(t, '10.9.9.9', owner.login, 'the last guess');
    const right = await signIn(t, '10.9.9.10', owner.login, owner.password);
    for (const res of [guess, right]) {
      expect(res.status).toBe(200);
      expect(res.body.response.message).toBe(api.en.staff_code_needed);
      expect(Object.keys(res.body.response.data).sort()).toEqual(['expires_in_s', 'second_factor', 'sign_in_id']);
      expect(res.body.response.data.second_factor).toBe('totp');
    }
    // Even the right code does not open the guess's sign-in; the answer is the same as a wrong code's.
    const code = await totpCode(owner.secret!);
    const refused = await verify(t, '10.9.9.9', guess.body.response.data.sign_in_id, code, 'sw');
    expect(refused.status).toBe(422);
    expect(refused.body.response.message).toBe(api.sw.staff_password_or_code_wrong);
    expect(refused.cookie).toBeUndefined();
    const wrongCode = await verify(t, '10.9.9.10', right.body.response.data.sign_in_id, '000000', 'sw');
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body).toEqual(refused.body);
    // The owner's password with the right code: in (and the code was not spent by the guess).
    const opened = await verify(t, '10.9.9.10', right.body.response.data.sign_in_id, code);
    expect(opened.status).toBe(200);
    expect(opened.cookie).toMatch(new RegExp(`^${COOKIE}=`));
    // An unknown login under lock looks the same from outside.
    await spreadFailures(t, 'ghost.login', LOGIN_MAX_FAILURES, 2);
    const ghost = await signIn(t, '10.9.9.11', 'ghost.login', 'anything at all');
    expect(ghost.status).toBe(200);
    expect(Object.keys(ghost.body.response.data).sort()).toEqual(['expires_in_s', 'second_factor', 'sign_in_id']);
    expect((await verify(t, '10.9.9.11', ghost.body.response.data.sign_in_id, code)).status).toBe(422);
    // 100 sign-ins, each an argon2id of 30–60 ms of a core: its time follows the machine's load.
  }, 180_000);

  it('under lock an SMS account shows no phone, and a wrong password sends no SMS', async () => {
    const owner = await addStaff(t, 'officer', { factor: 'sms' });
    await spreadFailures(t, owner.login, LOGIN_MAX_FAILURES, 3);
    const texts = () => t.database.db.selectFrom('sms_outbox').select('id').where('phone', '=', owner.phone!).execute();
    const before = (await texts()).length;
    const guess = await signIn(t, '10.9.8.1', owner.login, 'a wrong password');
    expect(guess.status).toBe(200);
    expect(guess.body.response.data.second_factor).toBe('sms');
    expect(guess.body.response.data.sent_to).toBeUndefined();
    expect(await texts()).toHaveLength(before);
    const right = await signIn(t, '10.9.8.2', owner.login, owner.password);
    expect(right.status).toBe(200);
    expect(right.body.response.data).toEqual({ ...guess.body.response.data, sign_in_id: expect.any(String) });
    expect(await texts()).toHaveLength(before + 1);
    // The right password again within the minute: no new code may be sent yet, and the answer does not
    // say so (a 429 would tell a guesser the password was right); the code sent opens either.
    const soon = await signIn(t, '10.9.8.3', owner.login, owner.password);
    expect(soon.status).toBe(200);
    expect(soon.body.response.data).toEqual({ ...guess.body.response.data, sign_in_id: expect.any(String) });
    expect(await texts()).toHaveLength(before + 1);
    const code = await smsCode(t, owner.phone!);
    expect((await verify(t, '10.9.8.1', guess.body.response.data.sign_in_id, code)).status).toBe(422);
    expect((await verify(t, '10.9.8.2', right.body.response.data.sign_in_id, code)).status).toBe(200);
  });

  it("under lock, while the account's codes are locked, a wrong password's sign-in is refused as a right one's", async () => {
    const owner = await addStaff(t, 'officer');
    await spreadFailures(t, owner.login, LOGIN_MAX_FAILURES, 4);
    // The owner's own wrong codes lock the account's codes (20, over pending sign-ins of 5 tries each).
    let last: Awaited<ReturnType<typeof verify>> | undefined;
    for (let tries = 0; tries < MAX_FAILURES;) {
      const started = await signIn(t, '10.9.7.1', owner.login, owner.password);
      for (let i = 0; i < 5 && tries < MAX_FAILURES; i += 1, tries += 1)
        last = await verify(t, '10.9.7.1', started.body.response.data.sign_in_id, String(100000 + tries));
    }
    expect(last!.status).toBe(429);
    const right = await signIn(t, '10.9.7.1', owner.login, owner.password);
    const guess = await signIn(t, '10.9.7.2', owner.login, 'a guess');
    const code = await totpCode(owner.secret!);
    const answers = [
      await verify(t, '10.9.7.1', right.body.response.data.sign_in_id, code),
      await verify(t, '10.9.7.2', guess.body.response.data.sign_in_id, code),
    ];
    for (const res of answers) {
      expect(res.status).toBe(429);
      expect(res.body.response.message).toBe(api.en.code_locked_other!.replace('{{count}}', '15'));
    }
  });

  it("an admin's password reset forgets the login's counts, per client too", async () => {
    const owner = await addStaff(t, 'officer');
    for (let i = 0; i < MAX_FAILURES; i += 1) await signIn(t, '10.7.7.7', owner.login, `wrong ${i}`);
    expect((await signIn(t, '10.7.7.7', owner.login, owner.password)).status).toBe(429);
    await new StaffAccountsService(t.database.db).resetPassword(owner.login, 'a brand new password 42', 'en');
    expect((await signIn(t, '10.7.7.7', owner.login, 'a brand new password 42')).status).toBe(200);
  });
});
