import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { STAFF_ROLES, staffCurrent, staffSignIn, staffSignOut, staffVerify } from '../../shared/api/staff-session';
import { contractRoute } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import { STAFF_SIGN_IN_LIMIT } from '../http/rate-limits';
import type { StaffCookie } from './staff-cookie';
import type { RequireStaff } from './staff-guard';
import type { StaffSessionStore } from './staff-session-store';
import type { StaffSignInService } from './staff-sign-in-service';

export interface StaffSessionRouteDeps {
  signIn: StaffSignInService;
  sessions: StaffSessionStore;
  cookie: StaffCookie;
  requireStaff: RequireStaff;
}

/**
 * The staff session calls (src/shared/api/staff-session.ts), under /api/staff/session/: each limited
 * per client (10 per 15 minutes, each route). No limit per login name: anyone could use it to keep the
 * login's owner out; wrong passwords are counted per login and client instead, and per login with a
 * higher cap past which the password counts only with the code (staff-password-lockout.ts).
 */
export function staffSessionRoutes(app: FastifyInstance, deps: StaffSessionRouteDeps): void {
  const { signIn, sessions, cookie } = deps;

  contractRoute(
    app,
    staffSignIn,
    {
      config: { rateLimit: STAFF_SIGN_IN_LIMIT },
      summary:
        'Staff sign-in, first step: login name and password. Then the second factor: { sign_in_id, ' +
        'second_factor: "totp" | "sms", sent_to? (the masked staff phone an SMS code went to), expires_in_s }. ' +
        'An unknown login, a wrong password and a disabled account are one answer (401); too many wrong ' +
        'passwords from one client lock that client out of the login (429 with Retry-After); past many more ' +
        'from all clients, any password gets a pending sign-in and only the right one with the right code opens it',
    },
    async (request, _res, answer) => {
      const pending = await signIn.signIn(request.body, request.language, normalizeIP(request.ip));
      return answer.ok(pending, pending.second_factor === 'sms' ? 'staff_code_sent' : 'staff_code_needed');
    },
  );

  contractRoute(
    app,
    staffVerify,
    {
      config: { rateLimit: STAFF_SIGN_IN_LIMIT },
      summary:
        'Staff sign-in, second step: the pending sign-in and the code of the authenticator app or of the ' +
        'SMS. Sets the staff session cookie (HttpOnly, SameSite=Strict, Path=/api/staff) and answers ' +
        '{ staff: { login, display_name, role }, session }',
    },
    async (request, res, answer) => {
      const { token, ...signedIn } = await signIn.verify(request.body);
      await sessions.end(cookie.read(request)); // a sign-in replaces the staff session this browser had
      cookie.set(request, res, token);
      return answer.ok(signedIn, 'staff_signed_in');
    },
  );

  contractRoute(
    app,
    staffCurrent,
    {
      summary: 'The signed-in staff member and the session’s times (401 without a live staff session); keeps it alive',
      onRequest: deps.requireStaff(STAFF_ROLES),
    },
    async (request, _res, answer) => {
      const session = request.staffSession;
      if (!session) throw new ApiError(401, 'staff_not_signed_in');
      const { login, name, role } = session.staff;
      return answer.ok({
        staff: { login, display_name: name, role },
        session: session.times,
      });
    },
  );

  contractRoute(
    app,
    staffSignOut,
    { summary: 'Ends the staff session (always answers 200)' },
    async (request, res, answer) => {
      await sessions.end(cookie.read(request));
      cookie.clear(request, res);
      return answer.ok({}, 'staff_signed_out');
    },
  );
}
