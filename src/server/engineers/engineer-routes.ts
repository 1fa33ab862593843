import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { getEngineers, sendEngineerOtp, validateEngineerOtp } from '../../shared/api/engineers';
import type { DraftRouting } from '../applications/application-routes';
import type { Database } from '../db/schema';
import type { DraftOwners } from '../drafts/draft-owners';
import { contractRoute } from '../http/contract-route';
import { ENGINEER_CODE_LIMIT } from '../http/rate-limits';
import { findEngineers } from '../reference/reference-access';
import type { EngineerConfirmation } from './engineer-confirmation';

export function engineerRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  confirmation: EngineerConfirmation,
  drafts: DraftRouting & { owners: DraftOwners },
): void {
  // The draft to confirm, for its owner only: the SMS names its applicant, the proof confirms it alone.
  const draftOf = async (request: FastifyRequest<{ Body: { reference_number: string } }>) => {
    await drafts.limits.byReference(request, request.body.reference_number);
    const proof = drafts.cookies.secretFor(request, request.body.reference_number);
    return drafts.owners.ownedDraft(request.body.reference_number, proof);
  };

  contractRoute(
    app,
    sendEngineerOtp,
    {
      config: { rateLimit: ENGINEER_CODE_LIMIT },
      summary:
        'Sends a one-time code to the phone the engineer registry holds for this engineer (never in the ' +
        'answer), naming the applicant and the draft to confirm; only with the draft cookie of its owner',
    },
    async (request, _res, answer) => {
      const draft = await draftOf(request);
      return answer.ok(await confirmation.sendCode(request.body.engineer_id, request.language, draft), 'code_sent');
    },
  );

  contractRoute(
    app,
    validateEngineerOtp,
    {
      config: { rateLimit: ENGINEER_CODE_LIMIT },
      summary:
        'Checks the code; answers the engineer and a validation_token that confirms this draft alone, which ' +
        'its engineer step carries; only with the draft cookie of its owner',
    },
    async (request, _res, answer) => {
      const draft = await draftOf(request);
      const { engineer_id, otp } = request.body;
      return answer.ok(await confirmation.validateCode(engineer_id, otp, draft), 'engineer_confirmed');
    },
  );

  contractRoute(
    app,
    getEngineers,
    {
      summary: 'A page of the public engineers list, searched by name, email or phone and filtered by role code',
    },
    async (request, _res, answer) => {
      const { search, role, page, page_size } = request.body;
      const found = await findEngineers(db, { search, roleCode: role || undefined, page, pageSize: page_size });
      return answer.ok({ ...found, page, page_size });
    },
  );
}
