import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestMaintenance, requestNoDrawings, saveAndContinue, saveFinal } from '../../shared/api/applications';
import type { ApplicationType } from '../../shared/wizard-driver';
import type { ApplicationsService } from './applications-service';
import type { DraftCookies } from '../drafts/draft-cookie';
import { APPLICATION_BODY_LIMIT, STEP_BODY_LIMIT } from '../http/body-schemas';
import { contractRoute } from '../http/contract-route';
import type { DraftLimits } from '../http/draft-limits';

import { DRAFT_WRITE_LIMIT } from '../http/rate-limits';

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

  contractRoute(
    app,
    saveAndContinue,
    {
      bodyLimit: STEP_BODY_LIMIT,
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: countDraftCall,
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
    },
    async (request, res, answer) => {
      const { secret, ...saved } = await applications.saveStep(request.body, request.language, access(request));
      if (secret) cookies.set(request, res, saved.reference_number, secret);
      return answer.ok(saved, 'saved');
    },
  );

  contractRoute(
    app,
    saveFinal,
    {
      bodyLimit: APPLICATION_BODY_LIMIT,
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      preHandler: countDraftCall,
      summary:
        'The final save: `data` holds answers by step id; with those saved before, every step of the flow ' +
        'must be valid and every required document named. The application is then submitted.' +
        OWNER_NOTE,
    },
    async (request, _res, answer) => {
      const result = await applications.submit(request.body, request.language, access(request));
      return answer.ok(result, 'submitted', { reference_number: result.reference_number });
    },
  );

  const wholeRequest = (
    call: typeof requestMaintenance | typeof requestNoDrawings,
    type: ApplicationType,
    summary: string,
  ) =>
    contractRoute(
      app,
      call,
      {
        bodyLimit: APPLICATION_BODY_LIMIT,
        config: { rateLimit: DRAFT_WRITE_LIMIT },
        preHandler: countDraftCall,
        summary: summary + OWNER_NOTE,
      },
      async (req, _res, answer) => {
        const result = await applications.submit({ ...req.body, application_type: type }, req.language, access(req));
        return answer.ok(result, 'submitted', { reference_number: result.reference_number });
      },
    );
  wholeRequest(requestMaintenance, 'repair', 'A repair request, submitted whole: answers by step id.');
  wholeRequest(
    requestNoDrawings,
    'special',
    'A special request with no drawings, submitted whole: answers by step id.',
  );
}
