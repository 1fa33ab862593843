import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { OFFICE_PAGE } from '../../shared/api/staff-session';
import { STUDIO_PREVIEW_PAGE } from '../../shared/api/studio';

/**
 * No inline or eval'd script anywhere. Styles may be inline: MUI's emotion injects <style> tags.
 * HTTPS-only headers (HSTS) are harmless on plain HTTP, where browsers ignore them.
 */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
};

/**
 * The studio's preview frame (/studio/preview): the studio's step editor shows it in a frame, so its
 * page may be framed by the portal's own pages, and by nobody else. Every other page is framed by none.
 */
const PREVIEW_OPTIONS: HelmetOptions = {
  ...OPTIONS,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...(OPTIONS.contentSecurityPolicy as { directives: object }).directives, frameAncestors: ["'self'"] },
  },
  frameguard: { action: 'sameorigin' },
};

/**
 * The officers' workspace (/office): it shows an application's documents and a permit's preview in the
 * page, from files its own script fetched (blob: URLs of PDFs and images, never of anything else), so
 * its pages may frame and show blob: URLs. No other page may.
 */
const OFFICE_OPTIONS: HelmetOptions = {
  ...OPTIONS,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      ...(OPTIONS.contentSecurityPolicy as { directives: object }).directives,
      imgSrc: ["'self'", 'data:', 'blob:'],
      frameSrc: ["'self'", 'blob:'],
    },
  },
};

/** A page's path, without its query or a trailing slash. */
const pagePath = (url: string) => url.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');

/**
 * The headers helmet sets with OPTIONS, worked out once: they are the same on every answer (no nonces),
 * and @fastify/helmet would rebuild them, CSP included, for each request (~10 % of a small request).
 */
export function securityHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * The API's answers are JSON or files sent as attachments, never a page: nothing in them may load,
 * run or be framed (OWASP's REST headers). The headers that only mean something for a document
 * (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options…) are left out: every API
 * call from a phone carries some 600 bytes fewer.
 */
const API_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** Every answer, the API's, the SPA's and the errors', carries the security headers; the API its own. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const page = securityHeaders(OPTIONS);
  const api = securityHeaders(API_OPTIONS);
  const preview = securityHeaders(PREVIEW_OPTIONS);
  const office = securityHeaders(OFFICE_OPTIONS);
  app.addHook('onRequest', (request, res, done) => {
    if (request.url.startsWith('/api/')) res.headers(api);
    else {
      const at = pagePath(request.url);
      const inOffice = at === OFFICE_PAGE || at.startsWith(`${OFFICE_PAGE}/`);
      res.headers(at === STUDIO_PREVIEW_PAGE ? preview : inOffice ? office : page);
    }
    done();
  });
}
