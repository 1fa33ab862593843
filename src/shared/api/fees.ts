import { draftOwnerErrors } from './errors';
import { localizedTextSchema } from './common-schemas';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { referenceNumberBody } from './reference-number';

/**
 * The fee estimate (issue 19, item 2): the wire contract of /api/application/estimate_fee, the
 * applicant's own draft before Submit (only with the draft's cookie: a reference number alone is 404
 * `draft_not_found`), and of `fee_estimate` in the dashboard's and the back office's get_application.
 * Computed from the application's own forms version (src/shared/fees/fee-estimate.ts); every text in
 * both languages, so the page shows the reader's.
 */

/** The answer (and `fee_estimate` of get_application), as JSON Schema: the contract test validates with it. */
export const feeEstimateAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['forms_version', 'estimate', 'missing'],
  properties: {
    forms_version: { type: 'string' },
    estimate: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['currency', 'total_tzs', 'lines', 'exemption'],
      properties: {
        currency: { const: 'TZS' },
        total_tzs: { type: 'integer', minimum: 0 },
        exemption: { anyOf: [localizedTextSchema, { type: 'null' }] },
        lines: {
          type: 'array',
          maxItems: 30,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'name', 'detail', 'quantity', 'unit', 'rate_tzs', 'amount_tzs'],
            properties: {
              kind: { enum: ['base', 'area', 'storeys', 'minimum', 'rounding', 'exemption'] },
              name: localizedTextSchema,
              detail: { anyOf: [localizedTextSchema, { type: 'null' }] },
              quantity: { type: 'number', minimum: 0 },
              unit: { enum: ['fixed', 'm2', 'storey'] },
              rate_tzs: { type: 'integer' },
              amount_tzs: { type: 'integer' },
            },
          },
        },
      },
    },
    missing: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['reason'],
      properties: {
        reason: { enum: ['no_schedule', 'no_fees_for_type', 'missing_answer'] },
        answer: { type: 'string' },
        question: { anyOf: [localizedTextSchema, { type: 'null' }] },
      },
    },
  },
} as const;

/** The fee estimate of the caller's own draft. */
export const estimateFee = apiCall({
  path: '/api/application/estimate_fee',
  method: 'POST',
  body: referenceNumberBody,
  answer: feeEstimateAnswerSchema,
  errors: [...draftOwnerErrors],
} as const);
export type EstimateFeeRequest = RequestOf<typeof estimateFee>;
/** The estimate, or why there is none yet (exactly one is non-null), and the forms version it follows. */
export type FeeEstimateAnswer = AnswerOf<typeof estimateFee>;
