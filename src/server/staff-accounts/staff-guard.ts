import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '../../shared/api/staff-session';
import { ApiError } from '../http/envelope';
import { DEFAULT_INTEGRATION_NAME, type StaffActor } from './staff-actor';
import type { StaffCookie } from './staff-cookie';
import type { StaffSessionStore } from './staff-session-store';

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface StaffGuardSettings {
  sessions: StaffSessionStore;
  cookie: StaffCookie;
  /** STAFF_API_TOKEN: the machine integration's bearer token; unset, no token is accepted. */
  token: string | undefined;
  /** The name the token's calls are recorded under (STAFF_API_TOKEN_NAME). */
  tokenName?: string | undefined;
}

export interface GuardOptions {
  /** The integration's bearer token is accepted too (the back-office calls, reload_forms). */
  integration?: boolean;
}

/**
 * The guard of every staff call, as `onRequest` (before the body is read: without the right
 * credentials nothing about the call is answered, not even a 400):
 * - `Authorization: Bearer <STAFF_API_TOKEN>` on a call that takes the integration: the integration,
 *   by its name; any other Authorization header: 401 staff_unauthorized (a cookie beside it is ignored);
 * - otherwise the staff session cookie: none live is 401 staff_not_signed_in (a stale cookie is
 *   cleared), a role not among `roles` is 403 staff_forbidden.
 */
export function staffGuard(settings: StaffGuardSettings) {
  const expected = settings.token ? digest(settings.token) : undefined;
  const integration: StaffActor = { kind: 'integration', name: settings.tokenName ?? DEFAULT_INTEGRATION_NAME };

  return function requireStaff(roles: readonly StaffRole[], options: GuardOptions = {}) {
    return async (request: FastifyRequest, res: FastifyReply): Promise<void> => {
      const header = request.headers.authorization;
      if (header !== undefined) {
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
        const right = expected !== undefined && given !== '' && timingSafeEqual(digest(given), expected);
        if (!right || !options.integration) throw new ApiError(401, 'staff_unauthorized');
        request.staff = integration;
        return;
      }
      const token = settings.cookie.read(request);
      const session = await settings.sessions.touch(token);
      if (!session) {
        if (token !== undefined) settings.cookie.clear(request, res);
        throw new ApiError(401, 'staff_not_signed_in');
      }
      if (!roles.includes(session.staff.role)) throw new ApiError(403, 'staff_forbidden');
      request.staff = session.staff;
      request.staffSession = session;
    };
  };
}

export type RequireStaff = ReturnType<typeof staffGuard>;
