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

/** /api/dashboard/withdraw_application: the signed-in application. */
export const withdrawApplicationBody = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: { reason },
} as const;

/** /api/application/withdraw_draft: the draft named, with its owner's draft cookie. */
export const withdrawDraftBody = {
  type: 'object',
  additionalProperties: false,
  required: ['reference_number', 'reason'],
  properties: {
    reference_number: referenceNumberProperty,
    reason,
  },
} as const;

export interface WithdrawApplicationRequest {
  reason: string;
}
export interface WithdrawDraftRequest extends WithdrawApplicationRequest {
  reference_number: string;
}

/** Both calls' answer (also when it was withdrawn already: the call is idempotent). */
export interface WithdrawAnswer {
  reference_number: string;
  status: typeof WITHDRAWN;
  withdrawn_at: string;
}
