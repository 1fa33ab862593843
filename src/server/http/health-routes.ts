import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ping } from '../db/database';
import type { Database } from '../db/schema';
import { reply } from './envelope';
import type { RateLimitState } from './rate-limits';

const READY_TIMEOUT_MS = 2000;

/**
 * /readyz: 200 while the database answers, 503 otherwise. It also says where the rate-limit counts are:
 * `memory (redis unreachable)` is a degradation (each process counts alone) but the portal works, so 200.
 */
export function healthRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  rateLimits: () => RateLimitState = () => 'memory',
): void {
  app.get('/healthz', async (request, res) => reply(request, res, 200, 'alive', { status: 'alive' }));

  app.get('/readyz', async (request, res) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([ping(db), timeout]);
      return reply(request, res, 200, 'ready', { status: 'ready', database: 'up', rate_limits: rateLimits() });
    } catch {
      return reply(request, res, 503, 'unavailable', {
        status: 'unavailable',
        database: 'down',
        rate_limits: rateLimits(),
      });
    } finally {
      clearTimeout(timer);
    }
  });
}
