import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { demoModeWarning, type Config } from '../config';
import { registerAnswerChecks } from '../http/contract-route';
import { registerCrossSiteWrites } from '../http/cross-site-writes';
import { reply } from '../http/envelope';
import { registerExpectContinue } from '../http/expect-continue';
import { warnOfUntrustedForwarding } from '../http/forwarded-headers-warning';
import { registerJsonBodies } from '../http/json-body';
import { registerRateLimits, scaledLimits, type RateLimitSettings } from '../http/rate-limits';
import { DraftLimits } from '../http/draft-limits';
import { registerSecurityHeaders } from '../http/security-headers';
import { languageFromHeader } from '../i18n/messages';
import { sessionCookieSettings } from '../sessions/session-cookie';
import type { AppDependencies, Parts } from './parts';

/**
 * What every request goes through before any route: its language and id, the JSON and Expect
 * handling, the answers' checks, the security headers, the closing and maintenance answers, the
 * cross-site write check, cookies and compression. The order is the hooks' order.
 */
export async function registerHttp(
  app: FastifyInstance,
  config: Config,
  onRoute: AppDependencies['onRoute'],
): Promise<void> {
  const demo = demoModeWarning(config);
  if (demo) app.log.warn(`!!! ${demo} !!!`);
  warnOfUntrustedForwarding(app, config);
  app.decorate('sessionCookie', sessionCookieSettings(config));

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request, res) => {
    request.language = languageFromHeader(request.headers['accept-language']);
    res.header('X-Request-Id', request.id);
  });
  app.addHook('onSend', async (request, res) => {
    if (request.url.startsWith('/api/') && !res.hasHeader('Cache-Control')) res.header('Cache-Control', 'no-store');
  });

  registerJsonBodies(app);
  registerExpectContinue(app, config.UPLOAD_MAX_BYTES);
  // Before any route: each contract route's answer is checked against its shared schema outside production.
  registerAnswerChecks(app, config.NODE_ENV !== 'production');
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  registerSecurityHeaders(app);
  // After the security headers' hooks, so that these early answers carry them too.
  app.addHook('onRequest', async (request, res) => {
    if (closing) {
      res.header('Connection', 'close');
      return reply(request, res, 503, 'unavailable', {});
    }
    if (config.MAINTENANCE_MODE && request.url.startsWith('/api/')) {
      return reply(request, res, 503, 'maintenance', { maintenance: true });
    }
  });
  registerCrossSiteWrites(app);
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
}

/** The OpenAPI document at /api/openapi.json, and in development its page at /docs. */
export async function registerApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kibali API',
        version: '1',
        description:
          'Every call is POST /api/<group>/<action> with a JSON body and answers the envelope ' +
          '{ response: { code, message, data } } with HTTP status equal to code (api-contract.md).',
      },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // In development (npm start, npm run dev): the OpenAPI document as a page to browse and try
  // (http://localhost:8080/docs). Outside /api: answers there carry the API's closed CSP, no script or style.
  if (config.NODE_ENV === 'development' && config.DEV_TOOLS) {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await app.register(swaggerUi, { routePrefix: '/docs' });
  }
}

/**
 * The rate limits, before any route: the plugin applies a route's config.rateLimit when the route is
 * added. Also the limits counted per draft, per reference number and per new draft.
 */
export async function registerLimits(
  app: FastifyInstance,
  config: Config,
  settings: RateLimitSettings | undefined,
): Promise<Pick<Parts, 'limits' | 'rateLimitState'>> {
  const rateLimits = settings ?? scaledLimits(config.RATE_LIMIT_FACTOR);
  const rateLimitState = await registerRateLimits(app, config, rateLimits);
  return { limits: new DraftLimits(app, rateLimits), rateLimitState };
}
