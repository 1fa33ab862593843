import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/envelope';
import type { ActiveSession, SessionStore } from './session-store';

export const SESSION_COOKIE = 'kibali_session';

/** HttpOnly (no script reads it), SameSite=Strict (no other site sends it), Secure behind HTTPS, only /api. */
export function setSessionCookie(request: FastifyRequest, res: FastifyReply, token: string, maxAgeMs: number) {
  res.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/api',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, res: FastifyReply) {
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/api',
  });
}

export const sessionToken = (request: FastifyRequest): string | undefined => request.cookies[SESSION_COOKIE];

/** The guard of /api/dashboard/*: a live session, or 401 (and the stale cookie cleared). */
export function requireSession(sessions: SessionStore) {
  return async (request: FastifyRequest, res: FastifyReply): Promise<void> => {
    const session: ActiveSession | undefined = await sessions.touch(sessionToken(request));
    if (!session) {
      if (sessionToken(request) !== undefined) clearSessionCookie(request, res);
      throw new ApiError(401, 'not_signed_in');
    }
    request.applicant = session;
  };
}
