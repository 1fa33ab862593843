import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APPLICATION_TYPES, type ApplicationType } from '../../shared/wizard-driver';
import type { ApplicationsService } from '../applications/applications-service';
import { ok, reply } from '../http/envelope';

export const referenceNumber = { type: 'string', minLength: 10, maxLength: 20, pattern: '^[A-Za-z0-9 -]+$' } as const;
const answers = { type: 'object', maxProperties: 200 } as const;
export const answersByStep = { type: 'object', maxProperties: 20, additionalProperties: answers } as const;
const applicationType = { type: 'string', enum: [...APPLICATION_TYPES] } as const;

const saveAndContinueBody = {
  type: 'object',
  additionalProperties: false,
  required: ['application_type', 'step_number', 'data'],
  properties: {
    application_type: applicationType,
    step_number: { type: 'integer', minimum: 1, maximum: 50 },
    data: answers,
    reference_number: referenceNumber,
  },
} as const;

const saveFinalBody = {
  type: 'object',
  additionalProperties: false,
  required: ['application_type', 'data'],
  properties: { application_type: applicationType, data: answersByStep, reference_number: referenceNumber },
} as const;

const requestBody = {
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: answersByStep, reference_number: referenceNumber },
} as const;

type Answers = Record<string, unknown>;

export function applicationRoutes(app: FastifyInstance, applications: ApplicationsService): void {
  app.post<{
    Body: { application_type: ApplicationType; step_number: number; data: Answers; reference_number?: string };
  }>(
    '/api/application/save_and_continue',
    {
      schema: {
        summary:
          'Save And Continue: validates the answers of step `step_number` (1 = first step of the flow) and ' +
          'stores them; the first call creates the draft. Answers the reference number and the step to open next.',
        body: saveAndContinueBody,
      },
    },
    async (request, res) => ok(request, res, await applications.saveStep(request.body, request.language), 'saved'),
  );

  app.post<{ Body: { application_type: ApplicationType; data: Record<string, Answers>; reference_number?: string } }>(
    '/api/application/save_final',
    {
      schema: {
        summary:
          'The final save: `data` holds answers by step id; with those saved before, every step of the flow ' +
          'must be valid and every required document named. The application is then submitted.',
        body: saveFinalBody,
      },
    },
    async (request, res) => submitted(request, res, await applications.submit(request.body, request.language)),
  );

  const request = (path: string, type: ApplicationType, summary: string) =>
    app.post<{ Body: { data: Record<string, Answers>; reference_number?: string } }>(
      path,
      { schema: { summary, body: requestBody } },
      async (req, res) =>
        submitted(req, res, await applications.submit({ ...req.body, application_type: type }, req.language)),
    );
  request('/api/application/request_maintainence', 'repair', 'A repair request, submitted whole: answers by step id.');
  request(
    '/api/application/request_noDrawings',
    'special',
    'A special request with no drawings, submitted whole: answers by step id.',
  );
}

function submitted(
  request: FastifyRequest,
  res: FastifyReply,
  result: { reference_number: string; status: string },
): FastifyReply {
  return reply(request, res, 200, 'submitted', result, { reference_number: result.reference_number });
}
