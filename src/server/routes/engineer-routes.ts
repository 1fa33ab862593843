import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DraftOwners } from '../drafts/draft-owners';
import { ok } from '../http/envelope';
import { oneTimeCodeProperty } from '../../shared/api/one-time-code';
import { referenceNumberProperty } from '../../shared/api/reference-number';
import type { DraftRouting } from './application-routes';
import { ENGINEER_CODE_LIMIT } from '../http/rate-limits';
import type { EngineerConfirmation } from '../engineers/engineer-confirmation';
import { findEngineers } from '../reference/reference-repository';

export const ENGINEER_PAGE_SIZES = [10, 25, 50, 100] as const;

const getEngineersBody = {
  type: 'object',
  additionalProperties: false,
  required: ['page', 'page_size'],
  properties: {
    search: { type: 'string', maxLength: 100 },
    role: { type: 'string', maxLength: 50, pattern: '^[a-z0-9_]*$' },
    page: { type: 'integer', minimum: 1, maximum: 100000 },
    page_size: { type: 'integer', enum: [...ENGINEER_PAGE_SIZES] },
  },
} as const;

interface GetEngineersBody {
  search?: string;
  role?: string;
  page: number;
  page_size: number;
}

const engineerId = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z]{3}/[0-9]{4}$' } as const;

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

  app.post<{ Body: { engineer_id: string; reference_number: string } }>(
    '/api/engineer/send_otp',
    {
      config: { rateLimit: ENGINEER_CODE_LIMIT },
      schema: {
        summary:
          'Sends a one-time code to the phone the engineer registry holds for this engineer (never in the ' +
          'answer), naming the applicant and the draft to confirm; only with the draft cookie of its owner',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['engineer_id', 'reference_number'],
          properties: { engineer_id: engineerId, reference_number: referenceNumberProperty },
        },
      },
    },
    async (request, res) => {
      const draft = await draftOf(request);
      return ok(
        request,
        res,
        await confirmation.sendCode(request.body.engineer_id, request.language, draft),
        'code_sent',
      );
    },
  );

  app.post<{ Body: { engineer_id: string; otp: string; reference_number: string } }>(
    '/api/engineer/validate_otp',
    {
      config: { rateLimit: ENGINEER_CODE_LIMIT },
      schema: {
        summary:
          'Checks the code; answers the engineer and a validation_token that confirms this draft alone, which ' +
          'its engineer step carries; only with the draft cookie of its owner',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['engineer_id', 'otp', 'reference_number'],
          properties: {
            engineer_id: engineerId,
            otp: oneTimeCodeProperty,
            reference_number: referenceNumberProperty,
          },
        },
      },
    },
    async (request, res) => {
      const draft = await draftOf(request);
      const { engineer_id, otp } = request.body;
      return ok(request, res, await confirmation.validateCode(engineer_id, otp, draft), 'engineer_confirmed');
    },
  );

  app.post<{ Body: GetEngineersBody }>(
    '/api/engineer/get_engineers',
    {
      schema: {
        summary: 'A page of the public engineers list, searched by name, email or phone and filtered by role code',
        body: getEngineersBody,
      },
    },
    async (request, res) => {
      const { search, role, page, page_size } = request.body;
      const found = await findEngineers(db, { search, roleCode: role || undefined, page, pageSize: page_size });
      return ok(request, res, { ...found, page, page_size });
    },
  );
}
