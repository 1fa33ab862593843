import type { FastifyInstance } from 'fastify';
import {
  withdrawApplicationBody,
  withdrawDraftBody,
  type WithdrawApplicationRequest,
  type WithdrawDraftRequest,
} from '../../shared/api/withdraw';
import type { WithdrawService } from '../applications/withdraw-service';
import { reply } from '../http/envelope';
import { DRAFT_WRITE_LIMIT, RENEWAL_LIMIT } from '../http/rate-limits';
import { requireSession } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';
import type { DraftRouting } from './application-routes';

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
  app.post<{ Body: WithdrawDraftRequest }>(
    '/api/application/withdraw_draft',
    {
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: async (request) => limits.draftCall(request),
      schema: {
        summary:
          'Withdraws a draft, with a reason (1–500 characters). Only with the draft cookie of its owner; ' +
          'without it, 404 as for an unknown number. Withdrawing it again answers the same.',
        body: withdrawDraftBody,
      },
    },
    async (request, res) => {
      const { reference_number, reason } = request.body;
      const proof = cookies.secretFor(request, reference_number);
      const answer = await withdrawals.withdrawDraft(reference_number, proof, reason, request.language);
      return reply(request, res, 200, 'withdrawn', answer, { reference_number: answer.reference_number });
    },
  );

  void app.register(async (scope) => {
    scope.addHook('onRequest', requireSession(sessions));
    scope.post<{ Body: WithdrawApplicationRequest }>(
      '/api/dashboard/withdraw_application',
      {
        config: { rateLimit: RENEWAL_LIMIT },
        schema: {
          summary:
            'Withdraws the signed-in application while it is not decided (submitted, under review or ' +
            'returned), with a reason (1–500 characters); 409 withdraw_not_allowed after a decision.',
          body: withdrawApplicationBody,
        },
      },
      async (request, res) => {
        const answer = await withdrawals.withdrawSignedIn(
          request.applicant!.applicationId,
          request.body.reason,
          request.language,
        );
        return reply(request, res, 200, 'withdrawn', answer, { reference_number: answer.reference_number });
      },
    );
  });
}
