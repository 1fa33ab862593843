import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { devCaptchaAnswer } from '../captcha/captcha-service';
import type { Database } from '../db/schema';
import { emptyBody } from '../http/body-schemas';
import { ApiError, ok } from '../http/envelope';
import { outbox } from '../sms/sms-sender';

/** Development tools (DEV_TOOLS=1, refused in production): what the SMS outbox "sent", captcha answers. */
export function devRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post(
    '/api/dev/outbox',
    { schema: { summary: 'Development tools only: the SMS outbox, newest first', body: emptyBody } },
    async (request, res) => ok(request, res, await outbox(db)),
  );

  app.post<{ Body: { captcha_id: string } }>(
    '/api/dev/captcha_answer',
    {
      schema: {
        summary: 'Development tools only: the answer of a live captcha, so that end-to-end tests can sign in',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['captcha_id'],
          properties: { captcha_id: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      },
    },
    async (request, res) => {
      const answer = await devCaptchaAnswer(db, request.body.captcha_id);
      if (answer === undefined) throw new ApiError(404, 'not_found');
      return ok(request, res, { answer });
    },
  );
}
