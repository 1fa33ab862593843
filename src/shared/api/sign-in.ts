import { altchaPayloadProperty } from './captcha';
import { apiCall, apiError, type AnswerOf, type RequestOf } from './call';
import { emptyAnswerSchema, emptyBodySchema } from './empty-body';
import { fieldErrorsSchema, noDataSchema, applicationNotFound, noPhoneOnFile, codeWaitErrors } from './errors';
import { codeSentSchema } from './one-time-code';
import { referenceNumberProperty } from './reference-number';

/**
 * View (sign-in, api-contract.md): the reference number and the captcha's solved challenge, then a
 * one-time code to the phone on file, answered with verify_code (src/shared/api/continue.ts), which
 * opens the session; Logout ends it.
 */

/** View: a one-time code goes by SMS to the phone saved in the (submitted) application. */
/** 422 wrong_captcha: the ALTCHA payload is wrong or spent, at `/altcha` (the next try needs a new challenge). */
export const wrongCaptcha = /* @__PURE__ */ apiError({
  status: 422,
  code: 'wrong_captcha',
  data: fieldErrorsSchema,
} as const);

/** 409 draft_use_continue: the reference number is a draft's, which is continued, not signed in to. */
export const draftUseContinue = /* @__PURE__ */ apiError({
  status: 409,
  code: 'draft_use_continue',
  data: noDataSchema,
} as const);

export const requestSignInCode = apiCall({
  path: '/api/application/get_application',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'altcha'],
    properties: {
      reference_number: referenceNumberProperty,
      /** The ALTCHA widget's payload: a solved challenge of /api/captcha/new, single use. */
      altcha: altchaPayloadProperty,
    },
  },
  answer: codeSentSchema,
  errors: [wrongCaptcha, draftUseContinue, applicationNotFound, noPhoneOnFile, ...codeWaitErrors],
} as const);
export type SignInRequest = RequestOf<typeof requestSignInCode>;
export type SignInChallenge = AnswerOf<typeof requestSignInCode>;

/** Ends the session (always answers 200). */
export const logout = apiCall({
  path: '/api/application/logout',
  method: 'POST',
  body: emptyBodySchema,
  answer: emptyAnswerSchema,
} as const);
export type LogoutAnswer = AnswerOf<typeof logout>;
