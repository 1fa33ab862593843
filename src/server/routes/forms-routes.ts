import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { emptyBody } from '../http/body-schemas';
import { sendCached } from '../http/cached-answer';
import { ApiError, ok } from '../http/envelope';
import { requireStaffToken } from '../http/staff-auth';
import type { FormsService } from '../forms/forms-service';

export function formsRoutes(app: FastifyInstance, forms: FormsService, config: Config): void {
  app.post(
    '/api/forms/get_forms',
    {
      schema: {
        summary: 'The wizard: every step (JSON Schema and UI schema) and each application type’s flow; ETag',
        body: emptyBody,
      },
    },
    async (request, res) => {
      const served = await forms.get();
      return sendCached(request, res, served.json, served.etag);
    },
  );

  app.post(
    '/api/staff/reload_forms',
    {
      schema: {
        summary: 'Back office: re-read schemas/ after a policy edit; a broken edit keeps the old forms',
        body: emptyBody,
      },
      // On request, before the body is read, as every other /api/staff/* call: without the token, not even a 400.
      onRequest: requireStaffToken(config.STAFF_API_TOKEN),
    },
    async (request, res) => {
      const result = await forms.registry.reload();
      if (!result.ok)
        throw new ApiError(422, 'forms_problems', { problems: result.problems }, { count: result.problems.length });
      return ok(request, res, { version: result.version }, 'forms_reloaded');
    },
  );
}
