import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieReply } from '../http/contract-route';
import type { Config } from '../config';
import { ApiError } from '../http/envelope';
import type { ActiveSession, SessionStore } from './session-store';

/** The cookie's name in development and tests, over plain http. */
export const SESSION_COOKIE = 'kibali_session';
/** Its name in production: the browser keeps a `__Host-` cookie only if Secure, Path=/ and with no Domain. */
export const PRODUCTION_SESSION_COOKIE = '__Host-kibali_session';

export interface SessionCookieSettings {
  name: string;
  path: string;
  /** Always in production; otherwise when the request came over HTTPS. */
  secure: (request: FastifyRequest) => boolean;
}

/**
 * Production: `__Host-kibali_session`, always Secure, Path=/, so that no other host (a sibling
 * subdomain) can set or shadow it. Elsewhere `kibali_session` on /api, Secure only behind HTTPS, so
 * that development over plain http keeps working.
 */
export function sessionCookieSettings(config: Pick<Config, 'NODE_ENV'>): SessionCookieSettings {
  return config.NODE_ENV === 'production'
    ? { name: PRODUCTION_SESSION_COOKIE, path: '/', secure: () => true }
    : { name: SESSION_COOKIE, path: '/api', secure: (request) => request.protocol === 'https' };
}

// Set by buildApp (app.decorate) before any route: the one place that knows the mode.
declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: SessionCookieSettings;
  }
}

/** HttpOnly (no script reads it), SameSite=Strict (no other site sends it), Secure as above. */
export function setSessionCookie(request: FastifyRequest, res: CookieReply, token: string, maxAgeMs: number) {
  const cookie = request.server.sessionCookie;
  res.setCookie(cookie.name, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure(request),
    path: cookie.path,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, res: CookieReply) {
  const cookie = request.server.sessionCookie;
  res.clearCookie(cookie.name, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure(request),
    path: cookie.path,
  });
}

export const sessionToken = (request: FastifyRequest): string | undefined =>
  request.cookies[request.server.sessionCookie.name];

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
