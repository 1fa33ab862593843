import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffSessionAnswer } from '../../src/shared/api/staff-session';
import { MAX_FAILURES, LOCK_WAITS_S } from '../../src/server/codes/code-lockout';
import { api } from './application-fixtures';
import { createTestApp, databaseKinds, post, smsCode, type Envelope, type TestApp } from './helpers';
import { addStaff, cookieOf, signInStep, staffSignIn, totpCode, verifyStep, type TestStaff } from './staff-fixtures';
import { fakeDate } from './fake-clock';

// Staff sign-in (issue 18, item 1): login and password (argon2id), then the authenticator app's code
// or an SMS code; the staff session (its own cookie and table), its limits and its lockouts.

const COOKIE = 'kibali_staff_session';
const current = (t: TestApp, cookie?: string) =>
  post<Envelope<StaffSessionAnswer>>(t.app, '/api/staff/session/current', {}, cookie ? { cookie } : {});
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Many tries from one test client: the per-client limit has its own test. */
const UNLIMITED = { limits: { staff_sign_in: { max: 10_000 } } };

describe.each(databaseKinds)('staff sign-in (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { kind, rateLimits: UNLIMITED });
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('with the password and the authenticator app: a staff session in its own cookie, stored hashed', async () => {
    const staff = await addStaff(t, 'officer', { name: 'Mwanaidi Hassan' });
    const started = await signInStep(t, staff.login.toUpperCase(), staff.password, { 'accept-language': 'sw' });
    expect(started.status).toBe(200);
    expect(started.body!.response.message).toBe(api.sw.staff_code_needed);
    const pending = started.body!.response.data;
    expect(pending).toEqual({ sign_in_id: expect.any(String), second_factor: 'totp', expires_in_s: 300 });
    expect(cookieOf(started, COOKIE)).toBeUndefined();

    const verified = await verifyStep(t, pending.sign_in_id, await totpCode(staff.secret!));
    expect(verified.status).toBe(200);
    expect(verified.body!.response.data.staff).toEqual({
      login: staff.login,
      display_name: 'Mwanaidi Hassan',
      role: 'officer',
    });
    expect(verified.body!.response.data.session.idle_timeout_s).toBe(1800);
    const line = [verified.headers['set-cookie']].flat().find((l) => String(l).startsWith(`${COOKIE}=`))!;
    const attributes = String(line)
      .split(';')
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/staff']));
    // Over plain http outside production: not Secure (production: below); no lifetime of its own (ends with the browser).
    expect(attributes.some((a) => a === 'secure' || a.startsWith('max-age') || a.startsWith('expires'))).toBe(false);
    const token = cookieOf(verified, COOKIE)!.split('=')[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db.selectFrom('staff_session').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(sha256(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    const pendingRows = await t.database.db.selectFrom('staff_sign_in').select('token_hash').execute();
    expect(pendingRows.map((r) => r.token_hash)).toContain(sha256(pending.sign_in_id));

    const me = await current(t, `${COOKIE}=${token}`);
    expect(me.status).toBe(200);
    expect(me.body!.response.data.staff.login).toBe(staff.login);
    // The pending sign-in is spent: its id opens nothing again, even with a new code.
    const again = await verifyStep(t, pending.sign_in_id, await totpCode(staff.secret!, 30));
    expect(again.status).toBe(401);
    expect(again.body!.response.message).toBe(api.en.staff_sign_in_expired);
  });

  it('the stored password is an argon2id hash, and a TOTP code is accepted once', async () => {
    const staff = await addStaff(t, 'officer');
    const row = await t.database.db
      .selectFrom('staff_account')
      .select('password_hash')
      .where('login', '=', staff.login)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(staff.password);

    const code = await totpCode(staff.secret!);
    const first = await signInStep(t, staff.login, staff.password);
    expect((await verifyStep(t, first.body!.response.data.sign_in_id, code)).status).toBe(200);
    // The same code on a second sign-in (someone who saw it typed): refused.
    const second = await signInStep(t, staff.login, staff.password);
    const replayed = await verifyStep(t, second.body!.response.data.sign_in_id, code);
    expect(replayed.status).toBe(422);
    expect(replayed.body!.response.message).toBe(api.en.wrong_code);
    expect(cookieOf(replayed, COOKIE)).toBeUndefined();
  });

  it('with a code by SMS to the staff phone, read from the outbox', async () => {
    const staff = await addStaff(t, 'admin', { factor: 'sms' });
    const started = await signInStep(t, staff.login, staff.password);
    expect(started.status).toBe(200);
    expect(started.body!.response.message).toBe(api.en.staff_code_sent);
    const pending = started.body!.response.data;
    expect(pending.second_factor).toBe('sms');
    expect(pending.sent_to).toBe(`+2557•••••${staff.phone!.slice(-3)}`);
    const code = await smsCode(t, staff.phone!);
    const sms = await t.database.db
      .selectFrom('sms_outbox')
      .select('message')
      .where('phone', '=', staff.phone!)
      .executeTakeFirstOrThrow();
    expect(sms.message).toBe(api.en.sms_staff_sign_in_code!.replace('{{code}}', code));

    const wrong = await verifyStep(t, pending.sign_in_id, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(422);
    const verified = await verifyStep(t, pending.sign_in_id, code);
    expect(verified.status).toBe(200);
    expect(verified.body!.response.data.staff.role).toBe('admin');
    expect(cookieOf(verified, COOKIE)).toBeDefined();
  });

  it('a wrong password and an unknown login get one answer; a disabled account too, and its sessions end', async () => {
    const staff = await addStaff(t, 'officer');
    const wrong = await signInStep(t, staff.login, `${staff.password}x`);
    const unknown = await signInStep(t, 'nobody.here', staff.password);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        response: { code: 401, message: api.en.staff_sign_in_failed, data: {} },
      });
    }
    const cookie = await staffSignIn(t, staff);
    expect((await current(t, cookie)).status).toBe(200);

    await t.database.db
      .updateTable('staff_account')
      .set({ disabled_at: new Date() })
      .where('login', '=', staff.login)
      .execute();
    const disabled = await signInStep(t, staff.login, staff.password);
    expect(disabled.status).toBe(401);
    expect(disabled.body).toEqual(wrong.body);
    const ended = await current(t, cookie);
    expect(ended.status).toBe(401);
    expect(ended.body!.response.message).toBe(api.en.staff_not_signed_in);
    // The stale cookie is cleared.
    expect(String([ended.headers['set-cookie']].flat()[0])).toMatch(new RegExp(`^${COOKIE}=;`));
  });

  it('a pending sign-in takes 5 wrong codes, then dies: the right code is refused and the password is asked again', async () => {
    const staff = await addStaff(t, 'officer');
    const started = await signInStep(t, staff.login, staff.password);
    const id = started.body!.response.data.sign_in_id;
    for (const code of ['000001', '000002', 'abcdef', '000003', '']) {
      const res = await verifyStep(t, id, code || '0');
      expect(res.status).toBe(422);
    }
    const late = await verifyStep(t, id, await totpCode(staff.secret!));
    expect(late.status).toBe(401);
    expect(late.body!.response.message).toBe(api.en.staff_sign_in_expired);
    // A made-up pending sign-in gets the same.
    expect((await verifyStep(t, 'A'.repeat(43), '123456')).status).toBe(401);
    // The password again, and the code: in.
    expect(await staffSignIn(t, staff)).toMatch(new RegExp(`^${COOKIE}=`));
  });

  it(`locks a login for a client after ${MAX_FAILURES} wrong passwords from it, known or not (no enumeration); the right one is refused meanwhile`, async () => {
    const staff = await addStaff(t, 'officer');
    for (const login of [staff.login, 'ghost.account']) {
      for (let i = 1; i < MAX_FAILURES; i += 1) {
        expect((await signInStep(t, login, `wrong password ${i}`)).status, `${login} try ${i}`).toBe(401);
      }
      const locking = await signInStep(t, login, 'wrong password, the last', { 'accept-language': 'sw' });
      expect(locking.status).toBe(429);
      expect(locking.headers['retry-after']).toBe(String(LOCK_WAITS_S[0]));
      expect(locking.body!.response.data).toEqual({ retry_after_s: LOCK_WAITS_S[0] });
      expect(locking.body!.response.message).toBe(api.sw.staff_locked_other!.replace('{{count}}', '15'));
      const right = await signInStep(t, login, staff.password);
      expect(right.status).toBe(429);
      expect(right.body!.response.message).toBe(api.en.staff_locked_other!.replace('{{count}}', '15'));
    }
    // Another login is not affected (other clients: staff-password-lockout.test.ts).
    const other = await addStaff(t, 'officer');
    expect((await signInStep(t, other.login, other.password)).status).toBe(200);
  });

  it(`locks the second factor after ${MAX_FAILURES} wrong codes across sign-ins; then the right code is refused`, async () => {
    const staff = await addStaff(t, 'officer');
    let tries = 0;
    let last: Awaited<ReturnType<typeof verifyStep>> | undefined;
    while (tries < MAX_FAILURES) {
      const started = await signInStep(t, staff.login, staff.password);
      expect(started.status).toBe(200);
      for (let i = 0; i < 5 && tries < MAX_FAILURES; i += 1, tries += 1) {
        last = await verifyStep(t, started.body!.response.data.sign_in_id, String(100000 + tries));
      }
    }
    expect(last!.status).toBe(429);
    expect(last!.body!.response.message).toBe(api.en.code_locked_other!.replace('{{count}}', '15'));
    const started = await signInStep(t, staff.login, staff.password);
    const right = await verifyStep(t, started.body!.response.data.sign_in_id, await totpCode(staff.secret!));
    expect(right.status).toBe(429);
    expect(cookieOf(right, COOKIE)).toBeUndefined();
  });

  it('ends after 30 minutes without a call, each call restarting it (fake clock)', async () => {
    const staff = await addStaff(t, 'officer');
    const cookie = await staffSignIn(t, staff);
    fakeDate();
    const start = Date.now();
    for (const minutes of [29, 58, 87]) {
      vi.setSystemTime(start + minutes * 60_000);
      expect((await current(t, cookie)).status, `at ${minutes} minutes`).toBe(200);
    }
    vi.setSystemTime(start + (87 + 31) * 60_000);
    expect((await current(t, cookie)).status).toBe(401);
  });

  it('ends 12 hours after sign-in however busy (fake clock)', async () => {
    const staff = await addStaff(t, 'officer');
    const cookie = await staffSignIn(t, staff);
    fakeDate();
    const start = Date.now();
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      vi.setSystemTime(start + minutes * 60_000);
      expect((await current(t, cookie)).status, `at ${minutes} minutes`).toBe(200);
    }
    vi.setSystemTime(start + 12 * 3600_000 + 1000);
    expect((await current(t, cookie)).status).toBe(401);
  });

  it('sign_out ends the session on the server: its cookie, replayed, opens nothing', async () => {
    const staff = await addStaff(t, 'officer');
    const cookie = await staffSignIn(t, staff);
    const out = await post(t.app, '/api/staff/session/sign_out', {}, { cookie });
    expect(out.status).toBe(200);
    expect(out.body!.response.message).toBe(api.en.staff_signed_out);
    expect(String([out.headers['set-cookie']].flat()[0])).toMatch(new RegExp(`^${COOKIE}=;.*Path=/api/staff`));
    const replayed = await current(t, cookie);
    expect(replayed.status).toBe(401);
    const row = await t.database.db
      .selectFrom('staff_session')
      .select('ended_at')
      .where('token_hash', '=', sha256(cookie.split('=')[1]!))
      .executeTakeFirstOrThrow();
    expect(row.ended_at).not.toBeNull();
  });
});

describe('staff sign-in limits and the production cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t?.close());

  it('10 sign-ins per client per 15 minutes, then 429 (before the password is checked)', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/staff/session/sign_in',
        remoteAddress: '10.1.1.1',
        payload: { login: `someone.${i}`, password: 'not the password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/staff/session/sign_in',
      remoteAddress: '10.1.1.1',
      payload: { login: 'someone.else', password: 'not the password' },
    });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('no limit per login name: calls for it from many clients do not keep its owner out', async () => {
    const staff: TestStaff = await addStaff(t, 'officer');
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/staff/session/sign_in',
        remoteAddress: `10.2.0.${i + 1}`,
        payload: { login: staff.login.toUpperCase(), password: 'not the password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/staff/session/sign_in',
      remoteAddress: '10.2.0.99',
      payload: { login: staff.login, password: staff.password },
    });
    expect(owner.statusCode).toBe(200);
  });

  it('in production the cookie is __Secure-kibali_staff_session: Secure, HttpOnly, SameSite=Strict, Path=/api/staff', async () => {
    const staff: TestStaff = await addStaff(t, 'officer');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/staff/session/sign_in',
      remoteAddress: '10.3.0.1',
      payload: { login: staff.login, password: staff.password },
    });
    expect(started.statusCode).toBe(200);
    const { sign_in_id } = (JSON.parse(started.payload) as Envelope<{ sign_in_id: string }>).response.data;
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/staff/session/verify',
      remoteAddress: '10.3.0.1',
      payload: { sign_in_id, code: await totpCode(staff.secret!) },
    });
    expect(verified.statusCode).toBe(200);
    const line = String([verified.headers['set-cookie']].flat()[0]);
    expect(line).toMatch(/^__Secure-kibali_staff_session=[A-Za-z0-9_-]{43};/);
    const attributes = line.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=strict', 'path=/api/staff']));
    const cookie = line.split(';')[0]!;
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/staff/session/current',
      payload: {},
      headers: { cookie },
    });
    expect(me.statusCode).toBe(200);
    // The development name carries nothing in production.
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/staff/session/current',
      payload: {},
      headers: { cookie: cookie.replace('__Secure-kibali_staff_session', COOKIE) },
    });
    expect(renamed.statusCode).toBe(401);
  });
});
