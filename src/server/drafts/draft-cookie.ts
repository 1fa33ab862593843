import type { FastifyRequest } from 'fastify';
import type { CookieReply } from '../http/contract-route';
import { normalizeReferenceNumber } from '../applications/reference-number';

/** How many draft cookies a browser keeps: the one being set and the latest others beyond are cleared. */
const MAX_DRAFT_COOKIES = 4;

/**
 * The proof of a draft's owner travels in a cookie of its own per draft (two tabs may fill in two
 * drafts): HttpOnly (no script reads it), SameSite=Strict (no other site sends it), no Max-Age (it ends
 * with the browser: a shared phone keeps nothing). In production the name is `__Host-` prefixed, so that
 * it is Secure, for the whole host and set by no subdomain; elsewhere (plain http) it is only for /api.
 */
export class DraftCookies {
  private readonly prefix: string;

  constructor(private readonly production: boolean) {
    this.prefix = production ? '__Host-kibali_draft_' : 'kibali_draft_';
  }

  /** The secret the browser holds for this draft, if any. */
  secretFor(request: FastifyRequest, referenceInput: string | undefined): string | undefined {
    const reference = referenceInput === undefined ? undefined : normalizeReferenceNumber(referenceInput);
    return reference ? request.cookies[this.prefix + reference] : undefined;
  }

  set(request: FastifyRequest, res: CookieReply, referenceInput: string, secret: string): void {
    const reference = normalizeReferenceNumber(referenceInput);
    if (!reference) return;
    const others = Object.keys(request.cookies).filter(
      (name) => name.startsWith(this.prefix) && name !== this.prefix + reference,
    );
    for (const name of others.slice(0, Math.max(0, others.length - (MAX_DRAFT_COOKIES - 1))))
      res.clearCookie(name, this.options(request));
    res.setCookie(this.prefix + reference, secret, this.options(request));
  }

  private options(request: FastifyRequest) {
    return {
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: this.production || request.protocol === 'https',
      path: this.production ? '/' : '/api',
    };
  }
}
