import type { FastifyInstance } from 'fastify';
import { DraftResumeService } from '../applications/draft-resume-service';
import { ok } from '../http/envelope';
import { DRAFT_WRITE_LIMIT } from '../http/rate-limits';
import { referenceNumberBody, type ReferenceNumberBody } from '../../shared/api/reference-number';
import type { DraftRouting } from './application-routes';

/** Reopening one's own draft after a reload or a return in the same browser (its draft cookie). */
export function draftResumeRoutes(app: FastifyInstance, resume: DraftResumeService, { cookies, limits }: DraftRouting) {
  app.post<{ Body: ReferenceNumberBody }>(
    '/api/application/open_draft',
    {
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: async (request) => limits.draftCall(request),
      schema: {
        summary:
          'Reopens the caller’s own draft (a reload, a Back, a return in the same browser): only with the ' +
          'draft cookie of its owner; without it, 404 `draft_not_found`, as for an unknown number. Answers ' +
          '{ reference_number, application_type, step_number, data, unfinished, forms_changed? } as verify_code ' +
          'does for a continue; `unfinished` holds what was typed on steps Save & Complete Later kept unfinished.',
        body: referenceNumberBody,
      },
    },
    async (request, res) =>
      ok(
        request,
        res,
        await resume.reopen(request.body.reference_number, cookies.secretFor(request, request.body.reference_number)),
      ),
  );
}
