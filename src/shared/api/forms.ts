import { APPLICATION_TYPES } from '../wizard-driver';
import { apiCall, type AnswerOf } from './call';
import { emptyBodySchema } from './empty-body';

/**
 * The published forms the wizard is drawn from (api-contract.md, Forms): /api/forms/get_forms answers
 * the FormsDocument being served (src/shared/forms.ts), revalidated with its ETag. Its top level is
 * described here; the forms' own content (each step's JSON Schema and UI schema, the texts, a document's
 * rules) is policy data, checked when it is published (src/shared/forms-check), so open objects here.
 */

/** An open object: forms content (a JSON Schema, a UI schema, texts). */
const formsContent = { type: 'object' } as const;

/** The steps of one application type's flow, in order. */
const flowSteps = { type: 'array', minItems: 1, items: { type: 'string' } } as const;

export const getForms = apiCall({
  path: '/api/forms/get_forms',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['version', 'steps', 'flows', 'texts', 'documents'],
    properties: {
      /** The version being served: a save sends it back as `forms_version`. */
      version: { type: 'string', pattern: '^[1-9][0-9]*$' },
      /** Each step's JSON Schema and UI schema, by step id. */
      steps: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          additionalProperties: false,
          required: ['schema', 'uiSchema'],
          properties: { schema: formsContent, uiSchema: formsContent },
        },
      },
      /** Each application type's steps, in order. */
      flows: {
        type: 'object',
        additionalProperties: false,
        required: [...APPLICATION_TYPES],
        properties: { new: flowSteps, government: flowSteps, repair: flowSteps, special: flowSteps },
      },
      /** Every form text, by language (the i18next namespace `forms`). */
      texts: {
        type: 'object',
        additionalProperties: false,
        required: ['en', 'sw'],
        properties: { en: formsContent, sw: formsContent },
      },
      /** The documents an application uploads, with the rules of each (src/shared/forms.ts DocumentRule). */
      documents: { type: 'array', items: formsContent },
    },
  },
} as const);
/** The forms as the schema says them; the client reads them as FormsDocument (src/shared/forms.ts), which the server sends. */
export type FormsAnswer = AnswerOf<typeof getForms>;
