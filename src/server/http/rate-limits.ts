import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { ApiError } from './envelope';
import { redisOrMemoryStore, type RedisHealth } from './redis-or-memory-store';

/** Which limit a route carries: the key of an override in `RateLimitSettings.limits`. */
export type RateLimitName =
  | 'sign_in'
  | 'captcha'
  | 'engineer_code'
  | 'zanid'
  | 'draft_write'
  | 'new_draft'
  | 'by_reference'
  | 'message'
  | 'renewal'
  | 'staff_sign_in'
  | 'permit_verify';

const LIMIT_NAME = Symbol('kibali.rateLimitName');

/** A route's limit, for `config: { rateLimit: … }`: at most `max` requests per client in `timeWindow` ms. */
export type RouteLimit = Readonly<{ max: number; timeWindow: number; [LIMIT_NAME]: RateLimitName }>;

const MINUTE_MS = 60_000;

function routeLimit(name: RateLimitName, max: number, minutes: number): RouteLimit {
  return Object.freeze({ max, timeWindow: minutes * MINUTE_MS, [LIMIT_NAME]: name });
}

/** get_application, verify_code, continue_application: 10 tries per client per 15 minutes, each route its own count. */
export const SIGN_IN_LIMIT = routeLimit('sign_in', 10, 15);
/** /api/captcha/new: 10 per client per 15 minutes. */
export const CAPTCHA_LIMIT = routeLimit('captcha', 10, 15);
/** send_otp and validate_otp: 10 per client per 15 minutes, each route its own count. */
export const ENGINEER_CODE_LIMIT = routeLimit('engineer_code', 10, 15);
/** verify_zanid: 20 per client per 15 minutes. */
export const ZANID_LIMIT = routeLimit('zanid', 20, 15);
/**
 * Writes of drafts (saves, submits, uploads): 600 per client per 15 minutes, each route its own count.
 * Generous: a mobile network puts many phones behind one address.
 */
export const DRAFT_WRITE_LIMIT = routeLimit('draft_write', 600, 15);
/** New drafts (a save or submit naming no draft): 30 per client an hour. */
export const NEW_DRAFT_LIMIT = routeLimit('new_draft', 30, 60);
/** Any call naming a reference number: 120 per reference number per 15 minutes, whoever calls. */
export const BY_REFERENCE_LIMIT = routeLimit('by_reference', 120, 15);
/** Messages to the unit from the dashboard: 20 per client an hour. */
export const MESSAGE_LIMIT = routeLimit('message', 20, 60);
/** Permit renewal requests: 5 per client an hour. */
export const RENEWAL_LIMIT = routeLimit('renewal', 5, 60);

/**
 * The public permit check: 60 per client per 15 minutes, enough for an inspector's day of QR codes,
 * too few to walk through the permit numbers (src/server/permits/permits-routes.ts).
 */
export const PERMIT_VERIFY_LIMIT = routeLimit('permit_verify', 60, 15);

/** Staff sign-in and its second step: 10 per client per 15 minutes, each route its own count. */
export const STAFF_SIGN_IN_LIMIT = routeLimit('staff_sign_in', 10, 15);

/** A limit's numbers with a test's override, if any (for the limits counted by hand, see body-limits.ts). */
export function limitWith(limit: RouteLimit, settings: RateLimitSettings): { max: number; timeWindow: number } {
  const override = settings.limits?.[limit[LIMIT_NAME]];
  return { max: override?.max ?? limit.max, timeWindow: override?.timeWindow ?? limit.timeWindow };
}

export interface RateLimitSettings {
  /** Other numbers for a limit, e.g. `{ sign_in: { max: 1000 } }` for a test that calls a route many times. */
  limits?: Partial<Record<RateLimitName, { max?: number; timeWindow?: number }>>;
  /** Prefix of the Redis keys; a test gives its own so that runs do not share counters. */
  nameSpace?: string;
}

export const RATE_LIMIT_NAMESPACE = 'kibali:rate-limit:';

/** The envelope's 429: `Retry-After` (set by the error handler) and `data.retry_after_s`, the wait in minutes. */
export function tooManyTries(ttlMs: number): ApiError {
  const retryAfterS = Math.max(1, Math.ceil(ttlMs / 1000));
  return new ApiError(429, 'too_many_tries', { retry_after_s: retryAfterS }, { count: Math.ceil(retryAfterS / 60) });
}

/** Where the counts are, for /readyz: the portal works in each case, the last two count per process. */
export type RateLimitState = 'redis' | 'memory' | 'memory (redis unreachable)';

/**
 * Per-client limits on the routes whose `config.rateLimit` names one of the limits above (no global
 * limit). Counts live in memory, or in Redis when REDIS_URL is set so that every server process
 * shares them; while Redis cannot be reached, in memory again (logged once when it goes, once when it
 * is back). Register before the limited routes: the plugin reads each route's config as it is added.
 * Answers where the counts are now.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Pick<Config, 'REDIS_URL'>,
  settings: RateLimitSettings = {},
): Promise<() => RateLimitState> {
  // Runs before the plugin's own onRoute hook (added when it is registered below), which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    const chosen = route.config?.rateLimit as Partial<RouteLimit> | false | undefined;
    const override = chosen ? settings.limits?.[chosen[LIMIT_NAME]!] : undefined;
    if (chosen && override) route.config = { ...route.config, rateLimit: { ...chosen, ...override } };
  });
  const redis = config.REDIS_URL ? await redisClient(app, config.REDIS_URL) : undefined;
  await app.register(rateLimit, {
    global: false,
    hook: 'onRequest', // before the body is read: a refused request costs little and changes nothing
    // The client's address (from X-Forwarded-For only with TRUST_PROXY); IPv6 clients by their /64.
    keyGenerator: (request) => normalizeIP(request.ip),
    // The store never fails (memory when Redis does); were it to, the request is refused, never unlimited.
    skipOnError: false,
    errorResponseBuilder: (_request, context) => tooManyTries(context.ttl),
    ...(redis
      ? { store: redisOrMemoryStore(redis.client, settings.nameSpace ?? RATE_LIMIT_NAMESPACE, redis.health) }
      : {}),
  });
  return () => (redis ? (redis.health.reachable() ? 'redis' : 'memory (redis unreachable)') : 'memory');
}

const REDIS_FIRST_CONNECT_WAIT_MS = 1000;

async function redisClient(app: FastifyInstance, url: string): Promise<{ client: Redis; health: RedisHealth }> {
  const redis = new Redis(url, {
    connectTimeout: 500,
    // While Redis is away a count fails at once (and is made in memory) instead of waiting; a Redis that
    // hangs fails it after half a second.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // One line when Redis goes away and one when it is back, not one per reconnection attempt or request.
  let reachable = true;
  const health: RedisHealth = {
    // Tried whenever connected, even after a failed count: a Redis that hung and came back emits no 'ready'.
    usable: () => redis.status === 'ready',
    reachable: () => reachable && redis.status === 'ready',
    failed: (error) => {
      if (!reachable) return;
      reachable = false;
      app.log.warn(
        { reason: error.message },
        "rate limits: Redis unreachable, counting in this process's memory until it is back",
      );
    },
    succeeded: () => {
      if (!reachable) app.log.info('rate limits: Redis reachable again, counting in Redis');
      reachable = true;
    },
  };
  redis.on('error', (error: Error) => health.failed(error));
  redis.on('ready', () => health.succeeded());
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  });
  // Without an offline queue, requests before the first connection would be counted in memory: wait a little.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, REDIS_FIRST_CONNECT_WAIT_MS);
    redis.once('ready', done);
  });
  // Still not connected: say so now, not at the first request.
  if (redis.status !== 'ready') health.failed(new Error(`not connected (${redis.status})`));
  return { client: redis, health };
}

/** Every limit's maximum multiplied by `factor` (RATE_LIMIT_FACTOR, for end-to-end test servers). */
export function scaledLimits(factor: number): RateLimitSettings {
  if (factor <= 1) return {};
  const all: Record<RateLimitName, RouteLimit> = {
    sign_in: SIGN_IN_LIMIT,
    captcha: CAPTCHA_LIMIT,
    engineer_code: ENGINEER_CODE_LIMIT,
    zanid: ZANID_LIMIT,
    draft_write: DRAFT_WRITE_LIMIT,
    new_draft: NEW_DRAFT_LIMIT,
    by_reference: BY_REFERENCE_LIMIT,
    message: MESSAGE_LIMIT,
    renewal: RENEWAL_LIMIT,
    staff_sign_in: STAFF_SIGN_IN_LIMIT,
    permit_verify: PERMIT_VERIFY_LIMIT,
  };
  return {
    limits: Object.fromEntries(Object.entries(all).map(([name, limit]) => [name, { max: limit.max * factor }])),
  };
}
