import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  resubmitChangesBody,
  saveChangeStepBody,
  type ResubmitChangesRequest,
  type SaveChangeStepRequest,
} from '../../shared/api/change-requests';
import { emptyBody, STEP_BODY_LIMIT } from '../http/body-schemas';
import { ok } from '../http/envelope';
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

    scope.post(
      '/api/dashboard/get_change_requests',
      {
        schema: {
          summary: 'The open requests for changes (a checklist, the deadline) and every earlier round, oldest first',
          body: emptyBody,
        },
      },
      async (request, res) => ok(request, res, await changes.requests(applicationOf(request))),
    );

    scope.post<{ Body: SaveChangeStepRequest }>(
      '/api/dashboard/save_change_step',
      {
        bodyLimit: STEP_BODY_LIMIT,
        config: { rateLimit: DRAFT_WRITE_LIMIT },
        schema: {
          summary:
            'A new answer to a step the open round asks for, validated as the wizard validates it (the application’s ' +
            'forms version); 403 changes.step_not_asked for any other step',
          body: saveChangeStepBody,
        },
      },
      async (request, res) =>
        ok(
          request,
          res,
          await changes.saveStep(applicationOf(request), request.body.step, request.body.data, request.language),
          'changes.step_saved',
        ),
    );

    scope.post<{ Body: ResubmitChangesRequest }>(
      '/api/dashboard/resubmit_changes',
      {
        config: { rateLimit: DRAFT_WRITE_LIMIT },
        schema: {
          summary:
            'Resubmits the returned application with a note (→ submitted); 422 changes.requests_open with what is ' +
            'still to answer',
          body: resubmitChangesBody,
        },
      },
      async (request, res) => {
        refuseHiddenText(request.body, ['note'], request.language);
        return ok(
          request,
          res,
          await changes.resubmit(applicationOf(request), request.body.note, request.language),
          'changes.resubmitted',
        );
      },
    );
  });
}
