import type { FastifyInstance } from 'fastify';
import { estimateFee } from '../../shared/api/fees';
import type { DraftRouting } from '../applications/application-routes';
import { contractRoute } from '../http/contract-route';
import { DRAFT_WRITE_LIMIT } from '../http/rate-limits';
import type { FeesService } from './fees-service';

/** The fee estimate of the caller's own draft, before Submit (src/shared/api/fees.ts). */
export function feesRoutes(app: FastifyInstance, fees: FeesService, { cookies, limits }: DraftRouting): void {
  contractRoute(
    app,
    estimateFee,
    {
      // The draft calls' limit: each estimate reads one draft and computes a bounded sum.
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: async (request) => limits.draftCall(request),
      summary:
        'The fee estimate of the caller’s own draft, from its forms version’s fee schedule: { forms_version, ' +
        'estimate: { currency, total_tzs, lines: [{ kind, name, detail, quantity, unit, rate_tzs, amount_tzs }], ' +
        'exemption } | null, missing: { reason, answer?, question? } | null }, every text in English and Swahili. ' +
        'Only with the draft cookie of its owner; without it, 404 `draft_not_found`, as for an unknown number.',
    },
    async (request, _res, answer) => {
      const { reference_number } = request.body;
      return answer.ok(await fees.forDraft(reference_number, cookies.secretFor(request, reference_number)));
    },
  );
}
