import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationsService } from '../applications/applications-service';
import { ContinueService } from '../applications/continue-service';
import type { OneTimeCodes } from '../codes/one-time-codes';
import { ApiError, ok, reply } from '../http/envelope';
import { SIGN_IN_LIMIT } from '../http/rate-limits';
import { answersByStep, referenceNumber } from './application-routes';

export function continueRoutes(
  app: FastifyInstance,
  continuing: ContinueService,
  codes: OneTimeCodes,
  applications: ApplicationsService,
  /** Answers the right code of a sign-in challenge (purpose, subject = reference number). */
  signIn: {
    purpose: string;
    complete(request: FastifyRequest, res: FastifyReply, reference: string): Promise<FastifyReply>;
  },
): void {
  app.post<{ Body: { reference_number: string } }>(
    '/api/application/continue_application',
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      schema: {
        summary: 'Starts continuing a draft: a one-time code goes by SMS to the phone saved in it',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['reference_number'],
          properties: { reference_number: referenceNumber },
        },
      },
    },
    async (request, res) =>
      ok(request, res, await continuing.start(request.body.reference_number, request.language), 'code_sent_applicant'),
  );

  app.post<{ Body: { challenge_id: string; code: string } }>(
    '/api/application/verify_code',
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      schema: {
        summary:
          'Answers a challenge with its code: for a continue, the draft (reference, type, step, answers); for a sign-in, { user, session } and the session cookie',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['challenge_id', 'code'],
          properties: {
            challenge_id: { type: 'string', minLength: 1, maxLength: 64 },
            code: { type: 'string', minLength: 1, maxLength: 10 },
          },
        },
      },
    },
    async (request, res) => {
      const challenge = await codes.verifyChallenge(request.body.challenge_id, request.body.code);
      if (!challenge) throw new ApiError(422, 'wrong_code');
      if (challenge.purpose === ContinueService.PURPOSE)
        return ok(request, res, await continuing.open(challenge.subject));
      if (challenge.purpose === signIn.purpose) return signIn.complete(request, res, challenge.subject);
      throw new ApiError(422, 'wrong_code');
    },
  );

  app.post<{ Body: { reference_number: string; data: Record<string, Record<string, unknown>> } }>(
    '/api/application/submit_application',
    {
      schema: {
        summary: 'Submits a continued draft, with answers by step id for the steps not saved before',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['reference_number', 'data'],
          properties: { reference_number: referenceNumber, data: answersByStep },
        },
      },
    },
    async (
      request: FastifyRequest<{ Body: { reference_number: string; data: Record<string, Record<string, unknown>> } }>,
      res: FastifyReply,
    ) => {
      const result = await applications.submitDraft(request.body.reference_number, request.body.data, request.language);
      return reply(request, res, 200, 'submitted', result, { reference_number: result.reference_number });
    },
  );
}
