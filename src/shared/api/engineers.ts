import { codeWaitErrors, codeWrong, draftOwnerErrors, engineerNotFound } from './errors';
import { localizedTextSchema } from './common-schemas';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { oneTimeCodeProperty } from './one-time-code';
import { referenceNumberProperty } from './reference-number';

/**
 * The engineers (api-contract.md, Engineers): the public list, and the confirmation of an application's
 * engineer by a one-time code sent to the phone the engineer registry holds (never in an answer). The
 * confirmation is for the applicant's own draft alone (its draft cookie).
 */

/** The page sizes the list offers. */
export const ENGINEER_PAGE_SIZES = [10, 25, 50, 100] as const;

/** An engineer's registration number ('ZBC/1234'). */
const engineerId = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z]{3}/[0-9]{4}$' } as const;

/**
 * An engineer of the public list, with the contacts the registry publishes (src/shared/reference-data.ts
 * Engineer); the reference data (get_splash) names engineers without them.
 */
export const engineerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'registration_number', 'name', 'role_id', 'experience_years', 'email', 'mobile'],
  properties: {
    id: { type: 'integer' },
    registration_number: { type: 'string' },
    name: { type: 'string' },
    role_id: { type: 'integer' },
    experience_years: { type: 'integer' },
    email: { type: 'string' },
    mobile: { type: 'string' },
  },
} as const;

/** A page of the public engineers list, searched by name, email or phone and filtered by role code. */
export const getEngineers = apiCall({
  path: '/api/engineer/get_engineers',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['page', 'page_size'],
    properties: {
      search: { type: 'string', maxLength: 100 },
      role: { type: 'string', maxLength: 50, pattern: '^[a-z0-9_]*$' },
      page: { type: 'integer', minimum: 1, maximum: 100000 },
      page_size: { type: 'integer', enum: [...ENGINEER_PAGE_SIZES] },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['items', 'total', 'page', 'page_size'],
    properties: {
      items: { type: 'array', items: engineerSchema },
      /** How many match, over every page. */
      total: { type: 'integer', minimum: 0 },
      page: { type: 'integer', minimum: 1 },
      page_size: { type: 'integer', enum: [...ENGINEER_PAGE_SIZES] },
    },
  },
} as const);
export type EngineersQuery = RequestOf<typeof getEngineers>;
export type EngineersPage = AnswerOf<typeof getEngineers>;

/** Sends a one-time code to the engineer's phone, naming the applicant and the draft to confirm. */
export const sendEngineerOtp = apiCall({
  path: '/api/engineer/send_otp',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['engineer_id', 'reference_number'],
    properties: { engineer_id: engineerId, reference_number: referenceNumberProperty },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['sent_to', 'expires_in_s', 'resend_after_s'],
    properties: {
      /** The engineer's phone, masked. */
      sent_to: { type: 'string' },
      expires_in_s: { type: 'integer', minimum: 0 },
      /** Another code may be asked for after this long. */
      resend_after_s: { type: 'integer', minimum: 0 },
    },
  },
  errors: [...draftOwnerErrors, engineerNotFound, ...codeWaitErrors],
} as const);
export type SendEngineerOtpRequest = RequestOf<typeof sendEngineerOtp>;
export type OtpSent = AnswerOf<typeof sendEngineerOtp>;

/** The engineer an application names, as the engineer step shows and keeps them once confirmed. */
export const confirmedEngineerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['registration_number', 'name', 'experience_years', 'email', 'mobile', 'role'],
  properties: {
    registration_number: { type: 'string' },
    name: { type: 'string' },
    experience_years: { type: 'integer' },
    email: { type: 'string' },
    mobile: { type: 'string' },
    role: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['code', 'name'],
          properties: { code: { type: 'string' }, name: localizedTextSchema },
        },
        { type: 'null' },
      ],
    },
  },
} as const;

/** Checks the code: the engineer, and a token that confirms this draft alone (its engineer step carries it). */
export const validateEngineerOtp = apiCall({
  path: '/api/engineer/validate_otp',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['engineer_id', 'otp', 'reference_number'],
    properties: {
      engineer_id: engineerId,
      otp: oneTimeCodeProperty,
      reference_number: referenceNumberProperty,
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['engineer', 'validation_token'],
    properties: { engineer: confirmedEngineerSchema, validation_token: { type: 'string' } },
  },
  errors: [codeWrong, ...codeWaitErrors, ...draftOwnerErrors],
} as const);
export type ValidateEngineerOtpRequest = RequestOf<typeof validateEngineerOtp>;
export type OtpValidated = AnswerOf<typeof validateEngineerOtp>;
