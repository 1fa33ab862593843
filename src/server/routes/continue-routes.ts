import { codeAnswerBody, type CodeAnswer } from '../../shared/api/one-time-code';
import {
  referenceNumberBody,
  referenceNumberProperty,
  type ReferenceNumberBody,
} from '../../shared/api/reference-number';
import { saveIdProperty } from '../../shared/api/save-id';
import { declarationProperty } from '../../shared/api/declaration';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationsService } from '../applications/applications-service';
import { ContinueService } from '../applications/continue-service';
import type { PhoneCode } from '../applications/phone-change';
import type { OneTimeCodes } from '../codes/one-time-codes';
import type { DraftOwners } from '../drafts/draft-owners';
import { APPLICATION_BODY_LIMIT } from '../http/body-schemas';
import { ApiError, ok } from '../http/envelope';
import { DRAFT_WRITE_LIMIT, SIGN_IN_LIMIT } from '../http/rate-limits';
import { answersByStep, formsVersionSchema } from '../../shared/api/applications';
import { submitted, type DraftRouting } from './application-routes';

export function continueRoutes(
  app: FastifyInstance,
  continuing: ContinueService,
  codes: OneTimeCodes,
  applications: ApplicationsService,
  drafts: DraftRouting & { owners: DraftOwners },
  /** Answers the right code of a sign-in challenge (purpose, subject = reference number). */
  signIn: {
    purpose: string;
    complete(request: FastifyRequest, res: FastifyReply, reference: string): Promise<FastifyReply>;
  },
): void {
  app.post<{ Body: ReferenceNumberBody }>(
    '/api/application/continue_application',
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      preHandler: async (request) => drafts.limits.draftCall(request),
      schema: {
        summary: 'Starts continuing a draft: a one-time code goes by SMS to the phone saved in it',
        body: referenceNumberBody,
      },
    },
    async (request, res) =>
      ok(request, res, await continuing.start(request.body.reference_number, request.language), 'code_sent_applicant'),
  );

  app.post<{ Body: CodeAnswer }>(
    '/api/application/verify_code',
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      schema: {
        summary:
          'Answers a challenge with its code: for a continue, the draft (reference, type, step, answers) and its draft cookie (the proof that writes it); for a sign-in, { user, session } and the session cookie. ' +
          'A draft saved under older forms is first brought to the forms being served (answers to removed questions dropped and recorded in its history); `forms_changed` then lists what it must answer now ({ forms_version, to_answer: [{ step, field?, label }], first_step }).',
        body: codeAnswerBody,
      },
    },
    async (request, res) => {
      const challenge = await codes.verifyChallenge(request.body.challenge_id, request.body.code);
      if (!challenge) throw new ApiError(422, 'wrong_code');
      if (challenge.purpose === ContinueService.PURPOSE) {
        const draft = await continuing.open(challenge.subject);
        // The code proves the phone saved in the draft: this browser may now write the draft too.
        drafts.cookies.set(request, res, draft.reference_number, await drafts.owners.issue(draft.id));
        return ok(request, res, {
          reference_number: draft.reference_number,
          application_type: draft.application_type,
          step_number: draft.step_number,
          data: draft.data,
          // What was typed on steps Save & Complete Later kept unfinished, when there is any.
          ...(Object.keys(draft.unfinished).length > 0 ? { unfinished: draft.unfinished } : {}),
          // Its files (name, size, scale), when it has any.
          ...(draft.attachments.length > 0 ? { attachments: draft.attachments } : {}),
          ...(draft.forms_changed ? { forms_changed: draft.forms_changed } : {}),
        });
      }
      if (challenge.purpose === signIn.purpose) return signIn.complete(request, res, challenge.subject);
      throw new ApiError(422, 'wrong_code');
    },
  );

  app.post<{
    Body: {
      reference_number: string;
      data: Record<string, Record<string, unknown>>;
      phone_code?: PhoneCode;
      forms_version?: string;
      declaration?: boolean;
      save_id?: string;
    };
  }>(
    '/api/application/submit_application',
    {
      bodyLimit: APPLICATION_BODY_LIMIT,
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: async (request) => drafts.limits.draftCall(request),
      schema: {
        summary:
          'Submits a continued draft, with answers by step id for the steps not saved before. Only with the ' +
          'draft cookie of its owner; without it, 404 as for an unknown number.',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['reference_number', 'data'],
          properties: {
            reference_number: referenceNumberProperty,
            data: answersByStep,
            phone_code: codeAnswerBody,
            forms_version: formsVersionSchema,
            declaration: declarationProperty,
            save_id: saveIdProperty,
          },
        },
      },
    },
    async (request, res) => {
      const proof = drafts.cookies.secretFor(request, request.body.reference_number);
      return submitted(request, res, await applications.submitDraft(request.body, request.language, { proof }));
    },
  );
}
