import { apiCall, type AnswerOf, type RequestOf } from './call';
import {
  validationFailed,
  draftNotFound,
  alreadySubmitted,
  applicationWithdrawn,
  dashboardErrors,
  withdrawNotAllowed,
} from './errors';
import { referenceNumberProperty } from './reference-number';

/**
 * Withdrawing an application (issue 17, item 12): its applicant withdraws a draft (with the draft's
 * proof, /api/application/withdraw_draft) or a submitted application not yet decided (signed in,
 * /api/dashboard/withdraw_application), giving a reason. The status becomes `withdrawn`, with the
 * reason in the history; a withdrawn application is never saved, submitted or paid again.
 */

/** The statuses an applicant may withdraw from: not yet decided. */
export const WITHDRAWABLE_STATUSES = ['draft', 'submitted', 'under_review', 'returned'] as const;
export const WITHDRAWN = 'withdrawn';
export const WITHDRAW_REASON_MAX = 500;

export function canWithdraw(status: string): boolean {
  return (WITHDRAWABLE_STATUSES as readonly string[]).includes(status);
}

const reason = { type: 'string', minLength: 1, maxLength: WITHDRAW_REASON_MAX, pattern: '\\S' } as const;

/** Both calls' answer (also when it was withdrawn already: the call is idempotent). */
const withdrawAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reference_number', 'status', 'withdrawn_at'],
  properties: {
    reference_number: { type: 'string' },
    status: { type: 'string', const: WITHDRAWN },
    /** ISO 8601. */
    withdrawn_at: { type: 'string' },
  },
} as const;

/** /api/dashboard/withdraw_application: the signed-in application. */
export const withdrawApplication = apiCall({
  path: '/api/dashboard/withdraw_application',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reason'],
    properties: { reason },
  },
  answer: withdrawAnswerSchema,
  /** A reason with hidden characters (src/server/http/plain-text.ts). */
  errors: [validationFailed, ...dashboardErrors, withdrawNotAllowed],
} as const);

/** /api/application/withdraw_draft: the draft named, with its owner's draft cookie. */
export const withdrawDraft = apiCall({
  path: '/api/application/withdraw_draft',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'reason'],
    properties: {
      reference_number: referenceNumberProperty,
      reason,
    },
  },
  answer: withdrawAnswerSchema,
  /** A reason with hidden characters (src/server/http/plain-text.ts). */
  errors: [validationFailed, draftNotFound, alreadySubmitted, applicationWithdrawn],
} as const);

export type WithdrawApplicationRequest = RequestOf<typeof withdrawApplication>;
export type WithdrawDraftRequest = RequestOf<typeof withdrawDraft>;
export type WithdrawAnswer = AnswerOf<typeof withdrawDraft>;
