import type { FastifyInstance } from 'fastify';
import { withdrawApplication, withdrawDraft } from '../../shared/api/withdraw';
import { contractRoute } from '../http/contract-route';
import { DRAFT_WRITE_LIMIT, RENEWAL_LIMIT } from '../http/rate-limits';
import { requireSession } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';
import type { DraftRouting } from './application-routes';
import type { WithdrawService } from './withdraw-service';

/**
 * Withdrawing an application (src/shared/api/withdraw.ts): a draft with its owner's draft cookie, or
 * the signed-in application. A reference number alone withdraws nothing (404 / 401).
 */
export function withdrawRoutes(
  app: FastifyInstance,
  withdrawals: WithdrawService,
  sessions: SessionStore,
  { cookies, limits }: DraftRouting,
): void {
  contractRoute(
    app,
    withdrawDraft,
    {
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: async (request) => limits.draftCall(request),
      summary:
        'Withdraws a draft, with a reason (1–500 characters). Only with the draft cookie of its owner; ' +
        'without it, 404 as for an unknown number. Withdrawing it again answers the same.',
    },
    async (request, _res, answer) => {
      const { reference_number, reason } = request.body;
      const proof = cookies.secretFor(request, reference_number);
      const withdrawn = await withdrawals.withdrawDraft(reference_number, proof, reason, request.language);
      return answer.ok(withdrawn, 'withdrawn', { reference_number: withdrawn.reference_number });
    },
  );

  void app.register(async (scope) => {
    scope.addHook('onRequest', requireSession(sessions));
    contractRoute(
      scope,
      withdrawApplication,
      {
        config: { rateLimit: RENEWAL_LIMIT },
        summary:
          'Withdraws the signed-in application while it is not decided (submitted, under review or ' +
          'returned), with a reason (1–500 characters); 409 withdraw_not_allowed after a decision.',
      },
      async (request, _res, answer) => {
        const withdrawn = await withdrawals.withdrawSignedIn(
          request.applicant!.applicationId,
          request.body.reason,
          request.language,
        );
        return answer.ok(withdrawn, 'withdrawn', { reference_number: withdrawn.reference_number });
      },
    );
  });
}
