import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { emptyBody } from '../http/body-schemas';
import { ok } from '../http/envelope';
import { outbox } from '../sms/sms-repository';

/** Development tools (DEV_TOOLS=1, refused in production): what the SMS outbox "sent". */
export function devRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post(
    '/api/dev/outbox',
    { schema: { summary: 'Development tools only: the SMS outbox, newest first', body: emptyBody } },
    async (request, res) => ok(request, res, await outbox(db)),
  );
}
