import {
  applicationNotFound,
  noPhoneOnFile,
  codeWaitErrors,
  codeWrong,
  alreadySubmitted,
  applicationWithdrawn,
} from './errors';
import type { FromSchema } from 'json-schema-to-ts';
import { answersByStep, formsVersionSchema, submitErrors, submittedSchema } from './applications';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { declarationProperty } from './declaration';
import { codeAnswerBody, codeSentSchema } from './one-time-code';
import { reopenedDraftProperties } from './open-draft';
import { referenceNumberBody, referenceNumberProperty } from './reference-number';
import { saveIdProperty } from './save-id';

/**
 * Continue a saved application (api-contract.md, Continue): a code goes by SMS to the phone saved in the
 * draft, and the right code (verify_code) opens it in this browser (its draft cookie); the continued draft
 * is then submitted with submit_application. verify_code answers the code of a sign-in (View) too.
 */

/** Continue Application: a one-time code goes to the phone saved in the draft. */
export const continueApplication = apiCall({
  path: '/api/application/continue_application',
  method: 'POST',
  body: referenceNumberBody,
  answer: codeSentSchema,
  errors: [applicationNotFound, noPhoneOnFile, ...codeWaitErrors, alreadySubmitted, applicationWithdrawn],
} as const);
export type ContinueApplicationRequest = RequestOf<typeof continueApplication>;
export type ContinueChallenge = AnswerOf<typeof continueApplication>;

/**
 * The right code of a continue: the draft, under the forms being served (as open_draft reopens it; the
 * steps kept unfinished and the files only when there are some).
 */
export const continuedDraftSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reference_number', 'application_type', 'step_number', 'data'],
  properties: reopenedDraftProperties,
} as const;
export type ContinuedDraft = FromSchema<typeof continuedDraftSchema>;

/** The signed-in "user": the application record without secrets (no ID number, the phone masked). */
export const signedInUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'reference_number',
    'application_type',
    'status',
    'step_number',
    'days_applied',
    'mobile',
    'email',
    'first_name',
    'last_name',
  ],
  properties: {
    reference_number: { type: 'string' },
    application_type: { type: 'string' },
    status: { type: 'string' },
    step_number: { type: 'integer' },
    days_applied: { type: 'integer', minimum: 0 },
    /** Masked, e.g. +2557•••••345: enough to recognise. */
    mobile: { type: 'string' },
    email: { type: ['string', 'null'] },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
  },
} as const;

/** When the session ends if nothing happens, and at the latest. */
export const sessionTimesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['idle_expires_at', 'expires_at', 'idle_timeout_s'],
  properties: {
    idle_expires_at: { type: 'string' },
    expires_at: { type: 'string' },
    idle_timeout_s: { type: 'integer', minimum: 0 },
  },
} as const;

/** The right code of a sign-in (View): the user and the session (its cookie is set). */
export const signedInSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'session'],
  properties: { user: signedInUserSchema, session: sessionTimesSchema },
} as const;
export type SignedIn = FromSchema<typeof signedInSchema>;

/** Answers a challenge with its code: a continue's draft, or a sign-in's user and session. */
export const verifyCode = apiCall({
  path: '/api/application/verify_code',
  method: 'POST',
  body: codeAnswerBody,
  answer: { anyOf: [continuedDraftSchema, signedInSchema] },
  errors: [codeWrong, applicationNotFound, ...codeWaitErrors],
} as const);
export type VerifyCodeRequest = RequestOf<typeof verifyCode>;
export type VerifyCodeAnswer = AnswerOf<typeof verifyCode>;

/** Submits a continued draft, with answers by step id for the steps not saved before. */
export const submitApplication = apiCall({
  path: '/api/application/submit_application',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'data'],
    properties: {
      reference_number: referenceNumberProperty,
      data: answersByStep,
      phone_code: codeAnswerBody,
      forms_version: formsVersionSchema,
      declaration: declarationProperty,
      save_id: saveIdProperty,
    },
  },
  answer: submittedSchema,
  errors: submitErrors,
} as const);
export type SubmitApplicationRequest = RequestOf<typeof submitApplication>;
