import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { devOutbox } from '../../shared/api/dev-outbox';
import type { Database } from '../db/schema';
import { contractRoute } from '../http/contract-route';
import { outbox } from './sms-repository';

/** Development tools (DEV_TOOLS=1, refused in production): what the SMS outbox "sent". */
export function devRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  contractRoute(
    app,
    devOutbox,
    { summary: 'Development tools only: the SMS outbox, newest first' },
    async (_request, _res, answer) => {
      // As JSON writes them (ISO 8601): the answer is checked before it is written.
      const messages = (await outbox(db)).map((sms) => ({
        ...sms,
        created_at: new Date(sms.created_at).toISOString(),
      }));
      return answer.ok(messages);
    },
  );
}
