import type { FastifyInstance, FastifyRequest } from 'fastify';
import { continueApplication, submitApplication, verifyCode, type SignedIn } from '../../shared/api/continue';
import type { OneTimeCodes } from '../codes/one-time-codes';
import type { DraftOwners } from '../drafts/draft-owners';
import { APPLICATION_BODY_LIMIT } from '../http/body-schemas';
import { contractRoute, type CookieReply } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import { DRAFT_WRITE_LIMIT, SIGN_IN_LIMIT } from '../http/rate-limits';
import type { DraftRouting } from './application-routes';
import type { ApplicationsService } from './applications-service';
import { ContinueService } from './continue-service';

export function continueRoutes(
  app: FastifyInstance,
  continuing: ContinueService,
  codes: OneTimeCodes,
  applications: ApplicationsService,
  drafts: DraftRouting & { owners: DraftOwners },
  /** Answers the right code of a sign-in challenge (purpose, subject = reference number). */
  signIn: {
    purpose: string;
    complete(request: FastifyRequest, res: CookieReply, reference: string): Promise<SignedIn>;
  },
): void {
  contractRoute(
    app,
    continueApplication,
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      preHandler: async (request) => drafts.limits.draftCall(request),
      summary: 'Starts continuing a draft: a one-time code goes by SMS to the phone saved in it',
    },
    async (request, _res, answer) =>
      answer.ok(await continuing.start(request.body.reference_number, request.language), 'code_sent_applicant'),
  );

  contractRoute(
    app,
    verifyCode,
    {
      config: { rateLimit: SIGN_IN_LIMIT },
      summary:
        'Answers a challenge with its code: for a continue, the draft (reference, type, step, answers) and its draft cookie (the proof that writes it); for a sign-in, { user, session } and the session cookie. ' +
        'A draft saved under older forms is first brought to the forms being served (answers to removed questions dropped and recorded in its history); `forms_changed` then lists what it must answer now ({ forms_version, to_answer: [{ step, field?, label }], first_step }).',
    },
    async (request, res, answer) => {
      const challenge = await codes.verifyChallenge(request.body.challenge_id, request.body.code);
      if (!challenge) throw new ApiError(422, 'wrong_code');
      if (challenge.purpose === ContinueService.PURPOSE) {
        const draft = await continuing.open(challenge.subject);
        // The code proves the phone saved in the draft: this browser may now write the draft too.
        drafts.cookies.set(request, res, draft.reference_number, await drafts.owners.issue(draft.id));
        return answer.ok({
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
      if (challenge.purpose === signIn.purpose) {
        return answer.ok(await signIn.complete(request, res, challenge.subject), 'signed_in');
      }
      throw new ApiError(422, 'wrong_code');
    },
  );

  contractRoute(
    app,
    submitApplication,
    {
      bodyLimit: APPLICATION_BODY_LIMIT,
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: async (request) => drafts.limits.draftCall(request),
      summary:
        'Submits a continued draft, with answers by step id for the steps not saved before. Only with the ' +
        'draft cookie of its owner; without it, 404 as for an unknown number.',
    },
    async (request, _res, answer) => {
      const proof = drafts.cookies.secretFor(request, request.body.reference_number);
      const result = await applications.submitDraft(request.body, request.language, { proof });
      return answer.ok(result, 'submitted', { reference_number: result.reference_number });
    },
  );
}
