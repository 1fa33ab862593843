import type { FastifyInstance } from 'fastify';
import type { BackOfficeService } from '../back-office/back-office-service';
import { STAFF_ACTIONS, STAFF_MULTILINE_TEXTS } from '../back-office/staff-actions';
import type { Config } from '../config';
import { reply } from '../http/envelope';
import { refuseHiddenText } from '../http/plain-text';
import { requireStaffToken } from '../http/staff-auth';

/**
 * The back office's API (api-contract.md, "Back office"): POST /api/staff/<action> with
 * `Authorization: Bearer <STAFF_API_TOKEN>`; 404 while no token is configured, 401 for a wrong one.
 */
export function staffRoutes(app: FastifyInstance, service: BackOfficeService, config: Pick<Config, 'STAFF_API_TOKEN'>) {
  // On request, before the body is read: without the token nothing about the call is answered, not even a 400.
  const onRequest = requireStaffToken(config.STAFF_API_TOKEN);
  for (const [name, action] of Object.entries(STAFF_ACTIONS)) {
    app.post(
      `/api/staff/${name}`,
      { schema: { summary: action.summary, body: action.body }, onRequest },
      async (request, res) => {
        // Shown to applicants (notices, SMS) and to staff (the command line): nothing hidden in them.
        refuseHiddenText(request.body, STAFF_MULTILINE_TEXTS, request.language);
        const answer = await action.run(service, request.body as never, request.language);
        return reply(request, res, 200, answer.messageKey, answer.data, answer.params);
      },
    );
  }
}
