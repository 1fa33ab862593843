import { apiError, type ErrorData } from './call';

/**
 * The error answers a client acts on (409 forms_changed is in applications.ts, by its schema), defined once and listed by the calls that give them (`errors` of
 * apiCall, src/shared/api/call.ts): the server builds their `data` with these types (src/server/http/
 * contract-error.ts), the OpenAPI document lists them under their status, and the client and the mocks
 * read and write them through ErrorDataOf / ErrorData.
 */

/** One refused value: `path` a JSON pointer into what was sent, `message` in the request's language. */
export const fieldErrorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'message'],
  properties: { path: { type: 'string' }, message: { type: 'string' } },
} as const;

/** The refused values of a body (the first MAX_FIELD_ERRORS, src/shared/answer-bounds.ts). */
export const fieldErrorsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['errors'],
  properties: { errors: { type: 'array', items: fieldErrorSchema } },
} as const;

/** 422 validation_failed: answers (or a body) the server's rules refuse, each at its path. */
export const validationFailed = /* @__PURE__ */ apiError({
  status: 422,
  code: 'validation_failed',
  data: fieldErrorsSchema,
} as const);
export type ValidationFailed = ErrorData<typeof validationFailed>;

/** 422 wrong_code: the code sent to the new phone (`phone_code`) is wrong or spent, at `/phone_code/code`. */
export const phoneCodeWrong = /* @__PURE__ */ apiError({
  status: 422,
  code: 'wrong_code',
  data: fieldErrorsSchema,
} as const);

/** Where the code to confirm a draft's new phone went, and for how long it holds. */
export const phoneConfirmationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['challenge_id', 'sent_to', 'expires_in_s', 'resend_after_s'],
  properties: {
    /** Sent back with the code, as `phone_code.challenge_id`. */
    challenge_id: { type: 'string' },
    /** The new phone, masked ('•••• 888'). */
    sent_to: { type: 'string' },
    /** How long the code holds. */
    expires_in_s: { type: 'integer', minimum: 0 },
    /** How long before another code may be sent (the save made again without `phone_code`). */
    resend_after_s: { type: 'integer', minimum: 0 },
  },
} as const;

/**
 * 409 phone_change_code_sent: the save would change the phone saved in the draft; a code went to the new
 * phone, and the same save made again with `phone_code` goes through. Nothing was saved.
 */
export const phoneChangeCodeSent = /* @__PURE__ */ apiError({
  status: 409,
  code: 'phone_change_code_sent',
  data: {
    type: 'object',
    additionalProperties: false,
    required: ['phone_confirmation'],
    properties: { phone_confirmation: phoneConfirmationSchema },
  },
} as const);
export type PhoneChangeCodeSent = ErrorData<typeof phoneChangeCodeSent>;
