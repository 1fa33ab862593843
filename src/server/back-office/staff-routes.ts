import type { FastifyInstance } from 'fastify';
import { BACK_OFFICE_ROLES } from '../../shared/api/staff-session';
import { contractRoute } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import { refuseHiddenText } from '../http/plain-text';
import type { RequireStaff } from '../staff-accounts/staff-guard';
import type { StaffServices } from './staff-services';
import { STAFF_ACTION_LIST, STAFF_MULTILINE_TEXTS } from './staff-actions';

/**
 * The back office's API (api-contract.md, "Back office"): POST /api/staff/<action>, each built from its
 * shared call (staff-actions.ts), by a staff member signed in with the role officer or admin (the staff
 * session cookie), or by the machine integration with `Authorization: Bearer <STAFF_API_TOKEN>`. Each
 * change is recorded with who made it.
 */
export function staffRoutes(app: FastifyInstance, staff: StaffServices, requireStaff: RequireStaff) {
  // On request, before the body is read: without the right credentials nothing about the call is answered, not even a 400.
  const onRequest = requireStaff(BACK_OFFICE_ROLES, { integration: true });
  for (const action of Object.values(STAFF_ACTION_LIST)) {
    contractRoute(app, action.call, { summary: action.summary, onRequest }, async (request, _res, answer) => {
      const actor = request.staff;
      if (!actor) throw new ApiError(401, 'staff_not_signed_in');
      // Shown to applicants (notices, SMS) and to staff (the command line): nothing hidden in them.
      refuseHiddenText(request.body, STAFF_MULTILINE_TEXTS, request.language);
      // Each action's answer is its call's (StaffAction<C, S>: define binds them, staff-action.ts); the list is of any call.
      const done = await action.run(staff, request.body as never, request.language, actor);
      return answer.ok(done.data, done.messageKey, done.params);
    });
  }
}
