import type { FastifyRequest } from 'fastify';
import type { CookieReply } from '../http/contract-route';
import type { Config } from '../config';

/** The staff session cookie's name in development and tests, over plain http. */
export const STAFF_COOKIE = 'kibali_staff_session';
/**
 * Its name in production: `__Secure-` (the browser keeps it only if Secure). Not `__Host-`, which
 * requires Path=/: this cookie goes to /api/staff/ alone, never with an applicant's calls or pages.
 */
export const PRODUCTION_STAFF_COOKIE = '__Secure-kibali_staff_session';
/** Every staff call, the studio's included, is under this path. */
export const STAFF_COOKIE_PATH = '/api/staff';

/**
 * The staff session cookie: its own name (an applicant's session cookie is another cookie, of
 * another table), HttpOnly, SameSite=Strict, Path=/api/staff, Secure in production (and behind
 * HTTPS elsewhere). It has no Max-Age: it ends with the browser, or sooner on the server.
 */
export class StaffCookie {
  readonly name: string;
  private readonly alwaysSecure: boolean;

  constructor(config: Pick<Config, 'NODE_ENV'>) {
    this.alwaysSecure = config.NODE_ENV === 'production';
    this.name = this.alwaysSecure ? PRODUCTION_STAFF_COOKIE : STAFF_COOKIE;
  }

  private options(request: FastifyRequest) {
    return {
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: this.alwaysSecure || request.protocol === 'https',
      path: STAFF_COOKIE_PATH,
    };
  }

  set(request: FastifyRequest, res: CookieReply, token: string): void {
    res.setCookie(this.name, token, this.options(request));
  }

  clear(request: FastifyRequest, res: CookieReply): void {
    res.clearCookie(this.name, this.options(request));
  }

  read(request: FastifyRequest): string | undefined {
    return request.cookies[this.name];
  }
}
