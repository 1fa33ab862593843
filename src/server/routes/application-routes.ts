import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { declarationProperty } from '../../shared/api/declaration';
import { codeAnswerBody } from '../../shared/api/one-time-code';
import { referenceNumberProperty } from '../../shared/api/reference-number';
import { saveIdProperty } from '../../shared/api/save-id';
import { APPLICATION_TYPES, type ApplicationType } from '../../shared/wizard-driver';
import type { ApplicationsService } from '../applications/applications-service';
import type { PhoneCode } from '../applications/phone-change';
import type { DraftCookies } from '../drafts/draft-cookie';
import { APPLICATION_BODY_LIMIT, STEP_BODY_LIMIT } from '../http/body-schemas';
import type { DraftLimits } from '../http/draft-limits';
import { ok, reply } from '../http/envelope';
import { DRAFT_WRITE_LIMIT } from '../http/rate-limits';

const answers = { type: 'object', maxProperties: 200 } as const;
export const answersByStep = { type: 'object', maxProperties: 20, additionalProperties: answers } as const;
const applicationType = { type: 'string', enum: [...APPLICATION_TYPES] } as const;
/** The version of the client's forms (get_forms' `version`): older than the served one, the answer may be 409 forms_changed. */
export const formsVersionBody = { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } as const;

const saveAndContinueBody = {
  type: 'object',
  additionalProperties: false,
  required: ['application_type', 'step_number', 'data'],
  properties: {
    application_type: applicationType,
    step_number: { type: 'integer', minimum: 1, maximum: 50 },
    data: answers,
    reference_number: referenceNumberProperty,
    phone_code: codeAnswerBody,
    forms_version: formsVersionBody,
    unfinished: { type: 'boolean' },
    save_id: saveIdProperty,
    save_later: { type: 'boolean' },
  },
} as const;

const saveFinalBody = {
  type: 'object',
  additionalProperties: false,
  required: ['application_type', 'data'],
  properties: {
    application_type: applicationType,
    data: answersByStep,
    reference_number: referenceNumberProperty,
    phone_code: codeAnswerBody,
    forms_version: formsVersionBody,
    declaration: declarationProperty,
    save_id: saveIdProperty,
  },
} as const;

const requestBody = {
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: {
    data: answersByStep,
    reference_number: referenceNumberProperty,
    phone_code: codeAnswerBody,
    forms_version: formsVersionBody,
    declaration: declarationProperty,
    save_id: saveIdProperty,
  },
} as const;

type Answers = Record<string, unknown>;

/** What the application routes need besides the service: the draft cookies and the limits by draft. */
export interface DraftRouting {
  cookies: DraftCookies;
  limits: DraftLimits;
}

const OWNER_NOTE =
  ' A draft named by `reference_number` is written only with its owner’s draft cookie (set by the call that ' +
  'created it, or by verify_code for a continue); without it the answer is 404, as for an unknown number. ' +
  'A save that changes the phone saved in the draft answers 409 `phone_change_code_sent` (a code went to ' +
  'the new phone, `data.phone_confirmation`) until it carries `phone_code`. With `forms_version` (the ' +
  "version of the client's forms) older than the served one, answers to removed questions are ignored, and " +
  'a change that needs answers answers 409 `forms_changed` with `data` { forms_version, to_answer: ' +
  '[{ step, field?, label }], first_step } (label: the text key of the question); a save that succeeds ' +
  'carries the same `forms_changed` when the draft must answer something elsewhere.';

export function applicationRoutes(
  app: FastifyInstance,
  applications: ApplicationsService,
  { cookies, limits }: DraftRouting,
): void {
  const access = (request: FastifyRequest<{ Body: { reference_number?: string } }>) => ({
    proof: cookies.secretFor(request, request.body.reference_number),
  });
  const countDraftCall = async (request: FastifyRequest) => limits.draftCall(request);

  app.post<{
    Body: {
      application_type: ApplicationType;
      step_number: number;
      data: Answers;
      reference_number?: string;
      phone_code?: PhoneCode;
      forms_version?: string;
      unfinished?: boolean;
      save_id?: string;
      save_later?: boolean;
    };
  }>(
    '/api/application/save_and_continue',
    {
      bodyLimit: STEP_BODY_LIMIT,
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: countDraftCall,
      schema: {
        summary:
          'Save And Continue: validates the answers of step `step_number` (1 = first step of the flow) and ' +
          'stores them; the first call creates the draft and sets its draft cookie. Answers the reference ' +
          'number and the step to open next. With `unfinished: true` (Save & Complete Later of a step not ' +
          'valid yet) the answers are kept as typed, still bounded (sizes, `maxItems`, `maxLength`, hidden ' +
          'characters refused), the step stays unfinished (Submit refuses the draft until it is saved valid) ' +
          'and the answer carries `unfinished: true`; the first save of a new application creates the draft so too. With `save_id` (a random UUID v4 made by the client for this ' +
          'save), a repeat of the same save within a day answers as the first did and saves nothing again; ' +
          'the repeat of a first save gives the browser a draft cookie again and creates no second draft. The first save and a save with `save_later: true` (Save & ' +
          'Complete Later) send the reference number by SMS to the phone saved in the draft.' +
          OWNER_NOTE,
        body: saveAndContinueBody,
      },
    },
    async (request, res) => {
      const { secret, ...saved } = await applications.saveStep(request.body, request.language, access(request));
      if (secret) cookies.set(request, res, saved.reference_number, secret);
      return ok(request, res, saved, 'saved');
    },
  );

  app.post<{
    Body: {
      application_type: ApplicationType;
      data: Record<string, Answers>;
      reference_number?: string;
      phone_code?: PhoneCode;
      forms_version?: string;
      declaration?: boolean;
      save_id?: string;
    };
  }>(
    '/api/application/save_final',
    {
      bodyLimit: APPLICATION_BODY_LIMIT,
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: countDraftCall,
      schema: {
        summary:
          'The final save: `data` holds answers by step id; with those saved before, every step of the flow ' +
          'must be valid and every required document named. The application is then submitted.' +
          OWNER_NOTE,
        body: saveFinalBody,
      },
    },
    async (request, res) =>
      submitted(request, res, await applications.submit(request.body, request.language, access(request))),
  );

  const request = (path: string, type: ApplicationType, summary: string) =>
    app.post<{
      Body: {
        data: Record<string, Answers>;
        reference_number?: string;
        phone_code?: PhoneCode;
        forms_version?: string;
        declaration?: boolean;
        save_id?: string;
      };
    }>(
      path,
      {
        bodyLimit: APPLICATION_BODY_LIMIT,
        config: { rateLimit: DRAFT_WRITE_LIMIT },
        preHandler: countDraftCall,
        schema: { summary: summary + OWNER_NOTE, body: requestBody },
      },
      async (req, res) =>
        submitted(
          req,
          res,
          await applications.submit({ ...req.body, application_type: type }, req.language, access(req)),
        ),
    );
  request('/api/application/request_maintainence', 'repair', 'A repair request, submitted whole: answers by step id.');
  request(
    '/api/application/request_noDrawings',
    'special',
    'A special request with no drawings, submitted whole: answers by step id.',
  );
}

export function submitted(
  request: FastifyRequest,
  res: FastifyReply,
  result: { reference_number: string; status: string },
): FastifyReply {
  return reply(request, res, 200, 'submitted', result, { reference_number: result.reference_number });
}
