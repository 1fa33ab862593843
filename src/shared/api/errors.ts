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

/** An error answer that carries nothing: the status and the message tell it. */
export const noDataSchema = { type: 'object', additionalProperties: false } as const;

/** 422 engineer_unconfirmed: the engineer step's engineer was not confirmed by code, at `/<step>/validation_token`. */
export const engineerUnconfirmed = /* @__PURE__ */ apiError({
  status: 422,
  code: 'engineer_unconfirmed',
  data: fieldErrorsSchema,
} as const);

/** 422 unknown_step: the step the save names is not in the flow (at `/step_number`; nothing when the forms no longer have it). */
export const unknownStep = /* @__PURE__ */ apiError({
  status: 422,
  code: 'unknown_step',
  data: { type: 'object', additionalProperties: false, properties: fieldErrorsSchema.properties },
} as const);

/** 422 declaration_required: Submit without the applicant's declaration, at its path (src/shared/api/declaration.ts). */
export const declarationRequired = /* @__PURE__ */ apiError({
  status: 422,
  code: 'declaration_required',
  data: fieldErrorsSchema,
} as const);

/** 422 documents_missing: documents the application needs, not named or not uploaded as that document, each at its path. */
export const documentsMissing = /* @__PURE__ */ apiError({
  status: 422,
  code: 'documents_missing',
  data: fieldErrorsSchema,
} as const);

/** 409 already_submitted: the draft was submitted already (the dashboard shows it now). */
export const alreadySubmitted = /* @__PURE__ */ apiError({
  status: 409,
  code: 'already_submitted',
  data: noDataSchema,
} as const);

/** 409 application_withdrawn: the draft or application was withdrawn. */
export const applicationWithdrawn = /* @__PURE__ */ apiError({
  status: 409,
  code: 'application_withdrawn',
  data: noDataSchema,
} as const);
