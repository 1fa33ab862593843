import type { JSONSchema } from 'json-schema-to-ts';
import { apiError, type ApiCall, type ApiErrorAnswer, type ErrorData } from './call';

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

/** The seconds to wait before trying again (also the `Retry-After` header). */
export const retryAfterSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['retry_after_s'],
  properties: { retry_after_s: { type: 'integer', minimum: 1 } },
} as const;

/**
 * An error answer of `status` and message key `errorCode` that carries nothing: the status and the message
 * tell it. (A definition: the message's values come where it is thrown, which the message tests check.)
 */
export function plainError<const S extends number, const K extends string>(status: S, errorCode: K) {
  return apiError({ status, code: errorCode, data: noDataSchema } as const);
}

/** An object of exactly these properties, each required: the `data` of most error answers. */
export function dataOf<const P extends Record<string, JSONSchema>>(properties: P) {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties) as (keyof P & string)[],
    properties,
  } as const;
}

/** A date and time, or a date, as the API writes them. */
export const stringSchema = { type: 'string' } as const;

/** 401 not_signed_in: the applicant's session is missing or over (sign in again). */
export const notSignedIn = /* @__PURE__ */ plainError(401, 'not_signed_in');
/** 403 access_denied: the application is not the signed-in applicant's. */
export const accessDenied = /* @__PURE__ */ plainError(403, 'access_denied');
/** 404 application_not_found: no application has this reference number (or it is not the session's). */
export const applicationNotFound = /* @__PURE__ */ plainError(404, 'application_not_found');
/** 404 draft_not_found: no draft has this reference number and save id. */
export const draftNotFound = /* @__PURE__ */ plainError(404, 'draft_not_found');
/** 409 changed_meanwhile: the draft was saved elsewhere since it was read; read it again. */
export const changedMeanwhile = /* @__PURE__ */ plainError(409, 'changed_meanwhile');
/** 409 step_out_of_order: a step saved before the steps it follows. */
export const stepOutOfOrder = /* @__PURE__ */ plainError(409, 'step_out_of_order');
/** 409 other_application_type: the save names another application type than the draft's. */
export const otherApplicationType = /* @__PURE__ */ plainError(409, 'other_application_type');
/** 409 no_phone_on_file: no phone to send the code to. */
export const noPhoneOnFile = /* @__PURE__ */ plainError(409, 'no_phone_on_file');
/** 422 wrong_code: the one-time code is wrong or spent. */
export const codeWrong = /* @__PURE__ */ plainError(422, 'wrong_code');
/** 404 zan_id_not_found: the registry has no such ZanID. */
export const zanIdNotFound = /* @__PURE__ */ plainError(404, 'zan_id_not_found');
/** 503 registry_unavailable: the ZanID registry does not answer; try again. */
export const registryUnavailable = /* @__PURE__ */ plainError(503, 'registry_unavailable');
/** 404 engineer_not_found: no registered engineer has this number. */
export const engineerNotFound = /* @__PURE__ */ plainError(404, 'engineer_not_found');
/** 409 not_renewable: the permit cannot be renewed (not issued, revoked, or renewed already). */
export const notRenewable = /* @__PURE__ */ plainError(409, 'not_renewable');
/** 503 storage_unavailable: the file storage failed; nothing was kept. */
export const storageUnavailable = /* @__PURE__ */ plainError(503, 'storage_unavailable');
/** 503 file_unavailable: the file's record is there but not the file (the operator restores it). */
export const fileUnavailable = /* @__PURE__ */ plainError(503, 'file_unavailable');

/** 409 withdraw_not_allowed: the application's status does not allow a withdrawal. */
export const withdrawNotAllowed = /* @__PURE__ */ apiError({
  status: 409,
  code: 'withdraw_not_allowed',
  data: {
    type: 'object',
    additionalProperties: false,
    required: ['status'],
    properties: { status: { type: 'string' } },
  },
} as const);

/** The refusals of a call about a draft this browser holds: none of this reference number and save id, or not a draft any more. */
export const draftOwnerErrors = /* @__PURE__ */ (() =>
  [draftNotFound, applicationNotFound, alreadySubmitted, applicationWithdrawn] as const)();

/** The refusals of every call of the applicant's signed-in dashboard. */
export const dashboardErrors = /* @__PURE__ */ (() => [notSignedIn, accessDenied, applicationNotFound] as const)();

/** The wait before another code may be asked or tried (429 too_many_codes, code_locked). */
export const codeWaitErrors = /* @__PURE__ */ (() => [
  apiError({ status: 429, code: 'too_many_codes', data: retryAfterSchema } as const),
  apiError({ status: 429, code: 'code_locked', data: retryAfterSchema } as const),
])();

/**
 * The refusals any call may give, declared once for all calls (api-contract.md, Transport): a body that
 * is not JSON or not the call's (400), too large (413) or of another type (415), too many tries from
 * one client (429), values the server's rules refuse (422 validation_failed), a failure of the server (500, with the request id to quote) and a database that does
 * not answer or the portal closed for maintenance (503), and a cookie-carrying request from another site (403). Each call's own refusals are its `errors`. The OpenAPI document lists both under
 * every call, and outside production the server answers 500 for an error answer that is in neither
 * (src/server/http/contract-route.ts).
 */
export const anyCallErrors = /* @__PURE__ */ (() =>
  [
    apiError({ status: 400, code: 'invalid_json', data: noDataSchema } as const),
    apiError({ status: 400, code: 'bad_request', data: noDataSchema } as const),
    apiError({ status: 400, code: 'invalid_body', data: fieldErrorsSchema } as const),
    // A body whose values the server's own rules refuse (hidden characters in a text, a field the schema
    // allows but the rule does not), each at its path.
    validationFailed,
    apiError({ status: 413, code: 'too_large', data: noDataSchema } as const),
    apiError({ status: 415, code: 'unsupported_media_type', data: noDataSchema } as const),
    apiError({ status: 429, code: 'too_many_tries', data: retryAfterSchema } as const),
    apiError({
      status: 500,
      code: 'internal_error',
      data: {
        type: 'object',
        additionalProperties: false,
        required: ['request_id'],
        properties: { request_id: { type: 'string' } },
      },
    } as const),
    apiError({ status: 503, code: 'database_unavailable', data: noDataSchema } as const),
    apiError({ status: 503, code: 'unavailable', data: noDataSchema } as const),
    apiError({ status: 403, code: 'cross_site_refused', data: noDataSchema } as const),
    apiError({
      status: 503,
      code: 'maintenance',
      data: {
        type: 'object',
        additionalProperties: false,
        required: ['maintenance'],
        properties: { maintenance: { type: 'boolean' } },
      },
    } as const),
  ] as const)();

/** Every error answer `call` may give: its own, then those of any call. */
export function declaredErrors(call: ApiCall): readonly ApiErrorAnswer[] {
  return [...(call.errors ?? []), ...anyCallErrors];
}

/** 409 changes.deadline_passed: the deadline of the request for changes has passed. */
export const deadlinePassed = /* @__PURE__ */ apiError({
  status: 409,
  code: 'changes.deadline_passed',
  data: dataOf({ due_date: stringSchema }),
} as const);
/** 403 changes.step_not_asked: the request for changes does not ask for this step. */
export const stepNotAsked = /* @__PURE__ */ apiError({
  status: 403,
  code: 'changes.step_not_asked',
  data: dataOf({ step: stringSchema }),
} as const);
/** 403 changes.document_not_asked: the request for changes does not ask for this document. */
export const documentNotAsked = /* @__PURE__ */ apiError({
  status: 403,
  code: 'changes.document_not_asked',
  data: dataOf({ document_type: stringSchema }),
} as const);
/** 409 changes.no_open_round: the application is not (or no longer) returned for changes. */
export const noOpenRound = /* @__PURE__ */ apiError({
  status: 409,
  code: 'changes.no_open_round',
  data: dataOf({ status: { type: ['string', 'null'] } }),
} as const);
/** The refusals of an applicant's answer to a request for changes. */
export const changeRoundErrors = /* @__PURE__ */ (() => [deadlinePassed, noOpenRound] as const)();

/** 409 permits.revoked: a revoked permit is not printed again. */
export const permitRevoked = /* @__PURE__ */ apiError({
  status: 409,
  code: 'permits.revoked',
  data: dataOf({ permit_number: stringSchema }),
} as const);
/** 404 permits.not_found: no permit has this number (or it is not this application's). */
export const permitNotFound = /* @__PURE__ */ plainError(404, 'permits.not_found');
/** 404 payments.receipt_not_found: no receipt has this number. */
export const receiptNotFound = /* @__PURE__ */ plainError(404, 'payments.receipt_not_found');
