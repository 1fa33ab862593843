import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ok, reply } from '../http/envelope';

const READY_TIMEOUT_MS = 2000;

export function healthRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get('/healthz', async (request, res) => ok(request, res, { status: 'alive' }, 'alive'));

  app.get('/readyz', async (request, res) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([sql`select 1`.execute(db), timeout]);
      return ok(request, res, { status: 'ready', database: 'up' }, 'ready');
    } catch {
      return reply(request, res, 503, 'unavailable', { status: 'unavailable', database: 'down' });
    } finally {
      clearTimeout(timer);
    }
  });
}
