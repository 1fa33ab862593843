import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../http/envelope';
import { ZANID_LIMIT } from '../http/rate-limits';
import { RegistryUnavailableError, type IdentityRegistry } from '../identity/identity-registry';
import { validationMessage } from '../i18n/messages';

const ZAN_ID = /^[0-9]{9}$/;

export function identityRoutes(app: FastifyInstance, registry: IdentityRegistry): void {
  app.post<{ Body: { zan_id: string } }>(
    '/api/application/verify_zanid',
    {
      config: { rateLimit: ZANID_LIMIT },
      schema: {
        summary: "Looks a ZanID up in the identity registry: the person's names, date of birth and sex",
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['zan_id'],
          properties: { zan_id: { type: 'string', maxLength: 30 } },
        },
      },
    },
    async (request, res) => {
      const zanId = request.body.zan_id.replace(/[\s-]/g, '');
      if (!ZAN_ID.test(zanId)) {
        throw new ApiError(422, 'zan_id_malformed', {
          errors: [{ path: '/zan_id', message: validationMessage(request.language, 'zan_id') }],
        });
      }
      let person;
      try {
        person = await registry.lookup(zanId);
      } catch (error) {
        if (error instanceof RegistryUnavailableError) throw new ApiError(503, 'registry_unavailable');
        throw error;
      }
      if (!person) throw new ApiError(404, 'zan_id_not_found');
      return ok(request, res, person, 'zan_id_verified');
    },
  );
}
