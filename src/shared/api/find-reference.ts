/**
 * "Forgot your reference number?": the wire contract of its two calls, defined once (the route
 * validates with these schemas, the client's endpoints and the MSW mocks use these types).
 *
 * 1. find_reference { id_number, phone }: a code goes by SMS to that phone if applications with that
 *    ZanID or passport number have that phone saved in them. The answer is the same whether or not
 *    any matched (no one learns from it whose applications exist).
 * 2. verify_find_code { challenge_id, code }: the right code lists those applications.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { validationFailed, codeWaitErrors, codeWrong } from './errors';
import { codeAnswerBody } from './one-time-code';

/** A ZanID (9 digits) or a passport number (6 to 12 letters and digits); spaces and dashes ignored. */
const idNumber = { type: 'string', minLength: 6, maxLength: 20, pattern: '^[A-Za-z0-9 -]+$' } as const;
/** A Tanzanian mobile number as the applicant wrote it in the application (spaces allowed). */
const phone = { type: 'string', minLength: 9, maxLength: 20, pattern: '^[+0-9 ]+$' } as const;

export const findReference = apiCall({
  path: '/api/application/find_reference',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['id_number', 'phone'],
    properties: { id_number: idNumber, phone },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['challenge_id', 'expires_in_s'],
    properties: { challenge_id: { type: 'string' }, expires_in_s: { type: 'integer', minimum: 0 } },
  },
  /** An ID number or a phone that is not one once spaces and dashes are left out. */
  errors: [validationFailed, ...codeWaitErrors],
} as const);
export type FindReferenceBody = RequestOf<typeof findReference>;
export type FindReferenceAnswer = AnswerOf<typeof findReference>;

/** At most this many applications are listed, the latest first. */
export const MAX_FOUND_APPLICATIONS = 20;

const foundApplicationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reference_number', 'application_type', 'status', 'date'],
  properties: {
    /** As shown, with its dash: 'K7PQ2-M9XHT'. */
    reference_number: { type: 'string' },
    application_type: { type: 'string' },
    /** 'draft' (continue it) or a status after Submit (follow it in View). */
    status: { type: 'string' },
    /** When it was submitted, else when it was last saved (ISO 8601). */
    date: { type: 'string' },
  },
} as const;
export type FoundApplication = FromSchema<typeof foundApplicationSchema>;

/** verify_find_code answers the challenge find_reference sent its code for. */
export const verifyFindCode = apiCall({
  path: '/api/application/verify_find_code',
  method: 'POST',
  body: codeAnswerBody,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['applications'],
    properties: { applications: { type: 'array', maxItems: MAX_FOUND_APPLICATIONS, items: foundApplicationSchema } },
  },
  errors: [codeWrong, ...codeWaitErrors],
} as const);
export type VerifyFindCodeBody = RequestOf<typeof verifyFindCode>;
export type VerifyFindCodeAnswer = AnswerOf<typeof verifyFindCode>;

/** The ID number as stored in applications: upper case, without spaces and dashes; undefined if it cannot be one. */
export function normalizeIdNumber(input: string): string | undefined {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return /^([0-9]{9}|[A-Z0-9]{6,12})$/.test(compact) ? compact : undefined;
}

/** The 9 national digits of a Tanzanian mobile number ('+255 777 123 456', '0777123456' → '777123456'). */
export function nationalPhoneDigits(input: string): string | undefined {
  const digits = input.replace(/\D/g, '');
  const national = digits.startsWith('255') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  return /^[67][0-9]{8}$/.test(national) ? national : undefined;
}
