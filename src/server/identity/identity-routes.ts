import type { FastifyInstance } from 'fastify';
import { verifyZanid } from '../../shared/api/identity';
import { contractError } from '../http/contract-error';
import { contractRoute } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import { ZANID_LIMIT } from '../http/rate-limits';
import { validationMessage } from '../i18n/messages';
import { RegistryUnavailableError, type IdentityRegistry } from './identity-registry';

const ZAN_ID = /^[0-9]{9}$/;

export function identityRoutes(app: FastifyInstance, registry: IdentityRegistry): void {
  contractRoute(
    app,
    verifyZanid,
    {
      config: { rateLimit: ZANID_LIMIT },
      summary: "Looks a ZanID up in the identity registry: the person's names, date of birth and sex",
    },
    async (request, _res, answer) => {
      const zanId = request.body.zan_id.replace(/[\s-]/g, '');
      if (!ZAN_ID.test(zanId)) {
        throw contractError(verifyZanid, 'zan_id_malformed', {
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
      return answer.ok(person, 'zan_id_verified');
    },
  );
}
