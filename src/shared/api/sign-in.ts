import { altchaPayloadProperty } from './captcha';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { emptyAnswerSchema, emptyBodySchema } from './empty-body';
import { codeSentSchema } from './one-time-code';
import { referenceNumberProperty } from './reference-number';

/**
 * View (sign-in, api-contract.md): the reference number and the captcha's solved challenge, then a
 * one-time code to the phone on file, answered with verify_code (src/shared/api/continue.ts), which
 * opens the session; Logout ends it.
 */

/** View: a one-time code goes by SMS to the phone saved in the (submitted) application. */
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
