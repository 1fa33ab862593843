import type { FastifyInstance } from 'fastify';
import { openDraft } from '../../shared/api/open-draft';
import { contractRoute } from '../http/contract-route';
import { DRAFT_WRITE_LIMIT } from '../http/rate-limits';
import type { DraftRouting } from './application-routes';
import type { DraftResumeService } from './draft-resume-service';

/** Reopening one's own draft after a reload or a return in the same browser (its draft cookie). */
export function draftResumeRoutes(app: FastifyInstance, resume: DraftResumeService, { cookies, limits }: DraftRouting) {
  contractRoute(
    app,
    openDraft,
    {
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: async (request) => limits.draftCall(request),
      summary:
        'Reopens the caller’s own draft (a reload, a Back, a return in the same browser): only with the ' +
        'draft cookie of its owner; without it, 404 `draft_not_found`, as for an unknown number. Answers ' +
        '{ reference_number, application_type, step_number, data, unfinished, attachments, forms_changed? } as ' +
        'verify_code does for a continue; `unfinished` holds what was typed on steps Save & Complete Later kept ' +
        'unfinished, `attachments` the draft’s files ({ attachment_id, document_type, file_name, size, scale }).',
    },
    async (request, _res, answer) =>
      answer.ok(
        await resume.reopen(request.body.reference_number, cookies.secretFor(request, request.body.reference_number)),
      ),
  );
}
