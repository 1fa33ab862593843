import { generate } from 'otplib';
import { expect } from 'vitest';
import type { StaffRole, StaffSessionAnswer, StaffSignInAnswer } from '../../src/shared/api/staff-session';
import { StaffAccountsService } from '../../src/server/staff-accounts/staff-accounts-service';
import { post, smsCode, type Answer, type Envelope, type TestApp } from './helpers';

/** Staff accounts and their sign-ins for the tests of staff sessions, roles and the back office's history. */

export interface TestStaff {
  login: string;
  password: string;
  name: string;
  role: StaffRole;
  /** The authenticator app's secret (TOTP accounts), as the command line prints it once. */
  secret?: string;
  phone?: string;
}

let serial = 0;

/** A new account in the test's database (through the service the command line uses). */
export async function addStaff(
  t: TestApp,
  role: StaffRole,
  options: { factor?: 'totp' | 'sms'; name?: string; password?: string } = {},
): Promise<TestStaff> {
  serial += 1;
  const login = `${role.replace('_', '.')}${serial}`;
  const password = options.password ?? `correct horse ${serial} battery`;
  const name = options.name ?? `Staff Member ${serial}`;
  const phone = options.factor === 'sms' ? `+2557770${String(serial).padStart(5, '0')}` : undefined;
  const added = await new StaffAccountsService(t.database.db).add(
    {
      login,
      display_name: name,
      role,
      password,
      second_factor: options.factor ?? 'totp',
      ...(phone ? { phone } : {}),
    },
    'en',
  );
  return {
    login,
    password,
    name,
    role,
    ...(added.totp ? { secret: added.totp.secret } : {}),
    ...(phone ? { phone } : {}),
  };
}

/** The authenticator app's code now (or `offsetS` seconds from now). */
export const totpCode = (secret: string, offsetS = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetS });

export const signInStep = (t: TestApp, login: string, password: string, headers: Record<string, string> = {}) =>
  post<Envelope<StaffSignInAnswer>>(t.app, '/api/staff/session/sign_in', { login, password }, headers);

export const verifyStep = (t: TestApp, sign_in_id: string, code: string, headers: Record<string, string> = {}) =>
  post<Envelope<StaffSessionAnswer>>(t.app, '/api/staff/session/verify', { sign_in_id, code }, headers);

/** The `name=value` of the Set-Cookie line that sets `name`. */
export function cookieOf(answer: Answer<unknown>, name: string): string | undefined {
  const raw = answer.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  return lines.map((line) => line.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`));
}

/** Signs `staff` in (password, then the code of their app or SMS) and answers the Cookie header of the session. */
export async function staffSignIn(t: TestApp, staff: TestStaff): Promise<string> {
  const started = await signInStep(t, staff.login, staff.password);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const code = staff.secret ? await totpCode(staff.secret) : await smsCode(t, staff.phone!);
  const verified = await verifyStep(t, started.body!.response.data.sign_in_id, code);
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return cookieOf(verified, 'kibali_staff_session')!;
}
