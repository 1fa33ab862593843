import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getChangeRequests, resubmitChanges, saveChangeStep } from '../../shared/api/change-requests';
import { STEP_BODY_LIMIT } from '../http/body-schemas';
import { contractRoute } from '../http/contract-route';
import { refuseHiddenText } from '../http/plain-text';
import { DRAFT_WRITE_LIMIT } from '../http/rate-limits';
import { requireSession } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';
import type { ChangeAnswersService } from './change-answers-service';

/** The session's application id (the guard has run). */
const applicationOf = (request: FastifyRequest): number => request.applicant!.applicationId;

/**
 * The applicant's answer to requests for changes, under /api/dashboard/: signed in only (the session
 * names the application; a reference number alone opens nothing), and only what the open round asks.
 */
export function changeRoutes(app: FastifyInstance, changes: ChangeAnswersService, sessions: SessionStore): void {
  void app.register(async (scope) => {
    scope.addHook('onRequest', requireSession(sessions));

    contractRoute(
      scope,
      getChangeRequests,
      {
        summary: 'The open requests for changes (a checklist, the deadline) and every earlier round, oldest first',
      },
      async (request, _res, answer) => answer.ok(await changes.requests(applicationOf(request))),
    );

    contractRoute(
      scope,
      saveChangeStep,
      {
        bodyLimit: STEP_BODY_LIMIT,
        config: { rateLimit: DRAFT_WRITE_LIMIT },
        summary:
          'A new answer to a step the open round asks for, validated as the wizard validates it (the application’s ' +
          'forms version); 403 changes.step_not_asked for any other step',
      },
      async (request, _res, answer) =>
        answer.ok(
          await changes.saveStep(applicationOf(request), request.body.step, request.body.data, request.language),
          'changes.step_saved',
        ),
    );

    contractRoute(
      scope,
      resubmitChanges,
      {
        config: { rateLimit: DRAFT_WRITE_LIMIT },
        summary:
          'Resubmits the returned application with a note (→ submitted); 422 changes.requests_open with what is ' +
          'still to answer',
      },
      async (request, _res, answer) => {
        refuseHiddenText(request.body, ['note'], request.language);
        return answer.ok(
          await changes.resubmit(applicationOf(request), request.body.note, request.language),
          'changes.resubmitted',
        );
      },
    );
  });
}
