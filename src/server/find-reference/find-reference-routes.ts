import type { FastifyInstance } from 'fastify';
import {
  FIND_REFERENCE_PATH,
  findReferenceBody,
  VERIFY_FIND_CODE_PATH,
  verifyFindCodeBody,
  type FindReferenceBody,
  type VerifyFindCodeBody,
} from '../../shared/api/find-reference';
import { ok } from '../http/envelope';
import { SIGN_IN_LIMIT } from '../http/rate-limits';
import type { FindReferenceService } from './find-reference-service';

/** "Forgot your reference number?" (find-reference-service.ts): 10 tries per client per 15 minutes, each route. */
export function findReferenceRoutes(app: FastifyInstance, finding: FindReferenceService): void {
  app.post<{ Body: FindReferenceBody }>(
    FIND_REFERENCE_PATH,
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      schema: {
        summary:
          'Forgot your reference number: a ZanID or passport number and a phone. If applications with that ID ' +
          'number have that phone saved in them, a one-time code goes to it by SMS. The answer is the same ' +
          'either way: { challenge_id, expires_in_s }.',
        body: findReferenceBody,
      },
    },
    async (request, res) =>
      ok(request, res, await finding.start(request.body, request.language), 'find_reference_sent'),
  );

  app.post<{ Body: VerifyFindCodeBody }>(
    VERIFY_FIND_CODE_PATH,
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      schema: {
        summary:
          'The code of find_reference: lists the applications with that ID number and phone (at most 20, the ' +
          'latest first): { applications: [{ reference_number, application_type, status, date }] }.',
        body: verifyFindCodeBody,
      },
    },
    async (request, res) => ok(request, res, await finding.verify(request.body), 'find_reference_found'),
  );
}
