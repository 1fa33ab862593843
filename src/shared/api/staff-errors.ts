import { apiError } from './call';
import {
  codeWaitErrors,
  codeWrong,
  dataOf,
  fieldErrorsSchema,
  plainError,
  retryAfterSchema,
  stringSchema,
} from './errors';

/**
 * The error answers of the staff's calls (the back office, money, changes, staff sign-in), defined once
 * and listed by the calls that give them (src/shared/api/errors.ts says how). Only the staff's app
 * reads them: they stay out of the applicant's bundles.
 */

/** The refusals of every call under /api/staff that needs a staff member: no session, an expired one, a wrong token, a role that may not. */
export const staffErrors = /* @__PURE__ */ (() =>
  [
    plainError(401, 'staff_not_signed_in'),
    plainError(401, 'staff_sign_in_expired'),
    plainError(401, 'staff_unauthorized'),
    plainError(403, 'staff_forbidden'),
  ] as const)();

const stringsSchema = { type: 'array', items: stringSchema } as const;
const amountSchema = { type: 'integer' } as const;

export const attachmentNotFound = /* @__PURE__ */ plainError(404, 'back_office.attachment_not_found');
export const invoiceNotFound = /* @__PURE__ */ plainError(404, 'back_office.invoice_not_found');
export const messageNotFound = /* @__PURE__ */ plainError(404, 'back_office.message_not_found');
export const notSubmitted = /* @__PURE__ */ plainError(409, 'back_office.not_submitted');
export const unknownStatus = /* @__PURE__ */ apiError({
  status: 422,
  code: 'back_office.unknown_status',
  data: fieldErrorsSchema,
} as const);
export const illegalStatusMove = /* @__PURE__ */ apiError({
  status: 409,
  code: 'back_office.illegal_status_move',
  data: dataOf({ from: stringSchema, to: stringSchema, allowed: stringsSchema }),
} as const);
export const duplicateControlNumber = /* @__PURE__ */ apiError({
  status: 409,
  code: 'back_office.duplicate_control_number',
  data: dataOf({ control_number: stringSchema }),
} as const);
export const duplicatePermitNumber = /* @__PURE__ */ apiError({
  status: 409,
  code: 'back_office.duplicate_permit_number',
  data: dataOf({ permit_number: stringSchema }),
} as const);
export const invoiceNotAllowed = /* @__PURE__ */ apiError({
  status: 409,
  code: 'back_office.invoice_not_allowed',
  data: dataOf({ status: stringSchema }),
} as const);
export const invoiceAlreadyPaid = /* @__PURE__ */ apiError({
  status: 409,
  code: 'back_office.invoice_already_paid',
  data: dataOf({ paid_at: stringSchema }),
} as const);
export const invoiceAlreadyCancelled = /* @__PURE__ */ apiError({
  status: 409,
  code: 'back_office.invoice_already_cancelled',
  data: dataOf({ cancelled_at: stringSchema }),
} as const);
export const invoiceCancelPaid = /* @__PURE__ */ apiError({
  status: 409,
  code: 'back_office.invoice_cancel_paid',
  data: dataOf({ paid_tzs: amountSchema }),
} as const);
export const permitNotAllowed = /* @__PURE__ */ apiError({
  status: 409,
  code: 'back_office.permit_not_allowed',
  data: dataOf({ status: stringSchema, allowed_from: stringsSchema }),
} as const);
export const permitAlreadyRevoked = /* @__PURE__ */ apiError({
  status: 409,
  code: 'permits.already_revoked',
  data: dataOf({ revoked_at: stringSchema }),
} as const);

export const exceptionNotFound = /* @__PURE__ */ plainError(404, 'payments.exception_not_found');
export const exceptionSettled = /* @__PURE__ */ apiError({
  status: 409,
  code: 'payments.exception_settled',
  data: dataOf({ settled_how: stringSchema }),
} as const);
export const applyToCancelled = /* @__PURE__ */ plainError(409, 'payments.apply_to_cancelled');
export const applyOverBalance = /* @__PURE__ */ apiError({
  status: 409,
  code: 'payments.apply_over_balance',
  data: dataOf({ balance_tzs: amountSchema, amount_tzs: amountSchema }),
} as const);

export const holidayExists = /* @__PURE__ */ apiError({
  status: 409,
  code: 'changes.holiday_exists',
  data: dataOf({ date: stringSchema }),
} as const);
export const holidayNotFound = /* @__PURE__ */ apiError({
  status: 404,
  code: 'changes.holiday_not_found',
  data: dataOf({ date: stringSchema }),
} as const);
export const notOverdue = /* @__PURE__ */ apiError({
  status: 409,
  code: 'changes.not_overdue',
  data: dataOf({ due_date: stringSchema }),
} as const);

/** 409: an officer may take an application nobody has, not one another officer has (an administrator reassigns it). */
export const assignedToAnother = /* @__PURE__ */ apiError({
  status: 409,
  code: 'back_office.assigned_to_another',
  data: dataOf({ assignee: stringSchema }),
} as const);

/** 422 forms_problems: the forms on disk (or the studio's draft) have problems, each a line of text. */
export const formsProblems = /* @__PURE__ */ apiError({
  status: 422,
  code: 'forms_problems',
  data: dataOf({ problems: stringsSchema }),
} as const);

/** The staff sign-in's own refusals. */
export const staffSignInErrors = /* @__PURE__ */ (() =>
  [
    plainError(401, 'staff_sign_in_failed'),
    plainError(401, 'staff_sign_in_expired'),
    plainError(409, 'staff_no_phone'),
    codeWrong,
    plainError(422, 'staff_password_or_code_wrong'),
    apiError({ status: 429, code: 'staff_locked', data: retryAfterSchema } as const),
    ...codeWaitErrors,
  ] as const)();
