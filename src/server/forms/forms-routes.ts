import type { FastifyInstance } from 'fastify';
import { getForms } from '../../shared/api/forms';
import { reloadForms } from '../../shared/api/reload-forms';
import { PUBLISHER_ROLES } from '../../shared/api/staff-session';
import { contractRoute } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import { actorLabel } from '../staff-accounts/staff-actor';
import type { RequireStaff } from '../staff-accounts/staff-guard';
import type { FormsService } from './forms-service';

export function formsRoutes(app: FastifyInstance, forms: FormsService, requireStaff: RequireStaff): void {
  contractRoute(
    app,
    getForms,
    { summary: 'The wizard: every step (JSON Schema and UI schema) and each application type’s flow; ETag' },
    async (_request, _res, answer) => {
      const served = await forms.get();
      return answer.cached(served.json, served.etag);
    },
  );

  contractRoute(
    app,
    reloadForms,
    {
      summary:
        'Back office: import schemas/ and publish it as a new forms version (every server serves it within 2 s); a broken set is refused and the version serving stays. A staff member with the role policy_publisher or admin, or the integration’s token; recorded as who published it',
      // On request, before the body is read, as every other /api/staff/* call: without credentials, not even a 400.
      onRequest: requireStaff(PUBLISHER_ROLES, { integration: true }),
    },
    async (request, _res, answer) => {
      const { reason } = request.body ?? {};
      if (!request.staff) throw new ApiError(401, 'staff_not_signed_in');
      const result = await forms.registry.importFolder(forms.folder, {
        by: actorLabel(request.staff),
        reason: reason?.trim() || 'reload_forms',
      });
      if (!result.ok)
        throw new ApiError(422, 'forms_problems', { problems: result.problems }, { count: result.problems.length });
      return answer.ok({ version: String(result.version), published: result.published }, 'forms_reloaded');
    },
  );
}
