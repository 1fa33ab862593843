import type { FastifyInstance } from 'fastify';
import { findReference, verifyFindCode } from '../../shared/api/find-reference';
import { contractRoute } from '../http/contract-route';
import { SIGN_IN_LIMIT } from '../http/rate-limits';
import type { FindReferenceService } from './find-reference-service';

/** "Forgot your reference number?" (find-reference-service.ts): 10 tries per client per 15 minutes, each route. */
export function findReferenceRoutes(app: FastifyInstance, finding: FindReferenceService): void {
  contractRoute(
    app,
    findReference,
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      summary:
        'Forgot your reference number: a ZanID or passport number and a phone. If applications with that ID ' +
        'number have that phone saved in them, a one-time code goes to it by SMS. The answer is the same ' +
        'either way: { challenge_id, expires_in_s }.',
    },
    async (request, _res, answer) =>
      answer.ok(await finding.start(request.body, request.language), 'find_reference_sent'),
  );

  contractRoute(
    app,
    verifyFindCode,
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      summary:
        'The code of find_reference: lists the applications with that ID number and phone (at most 20, the ' +
        'latest first): { applications: [{ reference_number, application_type, status, date }] }.',
    },
    async (request, _res, answer) => answer.ok(await finding.verify(request.body), 'find_reference_found'),
  );
}
