import { APPLICATION_TYPES } from '../wizard-driver';
import { apiCall, apiError, type AnswerOf, type ErrorData, type RequestOf } from './call';
import { declarationProperty } from './declaration';
import {
  alreadySubmitted,
  applicationNotFound,
  applicationWithdrawn,
  changedMeanwhile,
  codeWaitErrors,
  declarationRequired,
  draftNotFound,
  documentsMissing,
  engineerUnconfirmed,
  otherApplicationType,
  phoneChangeCodeSent,
  phoneCodeWrong,
  stepOutOfOrder,
  unknownStep,
  validationFailed,
} from './errors';
import { codeAnswerBody } from './one-time-code';
import { referenceNumberProperty } from './reference-number';
import { saveIdProperty } from './save-id';

/**
 * The wizard's saves and submits (api-contract.md, Application): a step's answers, then the whole
 * application. A draft named by `reference_number` is written only with its owner's draft cookie.
 */

/** One step's answers, by field name. */
export const stepAnswersSchema = { type: 'object', maxProperties: 200 } as const;
/** Answers by step id. */
export const answersByStep = { type: 'object', maxProperties: 20, additionalProperties: stepAnswersSchema } as const;
export const applicationTypeSchema = { type: 'string', enum: [...APPLICATION_TYPES] } as const;
/** The version of the client's forms (get_forms' `version`): older than the served one, the answer may be 409 forms_changed. */
export const formsVersionSchema = { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } as const;

/** What a draft must answer after the forms changed under it (src/shared/forms-changed.ts FormsChanged). */
export const formsChangedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['forms_version', 'to_answer', 'first_step'],
  properties: {
    forms_version: { type: 'string' },
    to_answer: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['step', 'label'],
        properties: { step: { type: 'string' }, field: { type: 'string' }, label: { type: 'string' } },
      },
    },
    first_step: { type: 'string' },
  },
} as const;

/** 409 forms_changed: the client's forms are older than those served, and the draft must answer these first. */
export const formsChanged = /* @__PURE__ */ apiError({
  status: 409,
  code: 'forms_changed',
  data: formsChangedSchema,
} as const);
export type FormsChangedData = ErrorData<typeof formsChanged>;

/**
 * The error answers of a save or a submit of a draft (src/server/applications: save-step,
 * submit-application, phone-change): refused answers, a wrong code for the new phone, older forms, a
 * code sent to the new phone, an engineer not confirmed, a step not in the flow, a draft submitted or
 * withdrawn meanwhile, no draft of this reference number and save id, a save made elsewhere since, a step
 * before the steps it follows, another application type, and the wait before another code to the new phone.
 */
export const draftWriteErrors = /* @__PURE__ */ (() =>
  [
    validationFailed,
    phoneCodeWrong,
    formsChanged,
    phoneChangeCodeSent,
    engineerUnconfirmed,
    unknownStep,
    alreadySubmitted,
    applicationWithdrawn,
    draftNotFound,
    applicationNotFound,
    changedMeanwhile,
    stepOutOfOrder,
    otherApplicationType,
    ...codeWaitErrors,
  ] as const)();

/** The error answers of a submit: a save's, and no declaration or documents missing. */
export const submitErrors = /* @__PURE__ */ (() =>
  [...draftWriteErrors, declarationRequired, documentsMissing] as const)();

/** What every Submit answers. */
export const submittedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reference_number', 'status'],
  properties: { reference_number: { type: 'string' }, status: { type: 'string' } },
} as const;

/** Save And Continue: one step's answers (`step_number` 1-based in the flow); the first save creates the draft. */
export const saveAndContinue = apiCall({
  path: '/api/application/save_and_continue',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['application_type', 'step_number', 'data'],
    properties: {
      application_type: applicationTypeSchema,
      /** 1-based: the number of the step being saved. */
      step_number: { type: 'integer', minimum: 1, maximum: 50 },
      data: stepAnswersSchema,
      reference_number: referenceNumberProperty,
      /** The code sent to the new phone, when the save changes the phone saved in the draft. */
      phone_code: codeAnswerBody,
      /** The version of the forms the step was filled in: an older one may answer 409 forms_changed. */
      forms_version: formsVersionSchema,
      /** Save & Complete Later of a step not valid yet: kept as typed, the step unfinished. */
      unfinished: { type: 'boolean' },
      /** The save's idempotency key: every attempt of one save sends the same. */
      save_id: saveIdProperty,
      /** Save & Complete Later: the server sends the reference number by SMS. */
      save_later: { type: 'boolean' },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'step_number', 'next_step'],
    properties: {
      reference_number: { type: 'string' },
      /** The step a continue of the draft opens, 1-based: the one after the furthest step saved. */
      step_number: { type: 'integer', minimum: 1 },
      /**
       * Where the applicant goes now: the id of the step after the one saved, in the flow of the forms
       * it was filled in, or `review` after the last step (src/shared/wizard-driver.ts stepAfterSave).
       */
      next_step: { type: 'string', maxLength: 64 },
      /** The forms changed under the draft and it must answer something elsewhere. */
      forms_changed: formsChangedSchema,
      /** The step was kept unfinished (its answers are not valid yet). */
      unfinished: { type: 'boolean', const: true },
    },
  },
  errors: draftWriteErrors,
} as const);
export type SaveStepRequest = RequestOf<typeof saveAndContinue>;
export type SaveStepAnswer = AnswerOf<typeof saveAndContinue>;

const submitProperties = {
  /** Answers by step id: those not saved before, or changed. */
  data: answersByStep,
  reference_number: referenceNumberProperty,
  phone_code: codeAnswerBody,
  forms_version: formsVersionSchema,
  /** The applicant's declaration (src/shared/api/declaration.ts): Submit is refused without it. */
  declaration: declarationProperty,
  /** The Submit's idempotency key (src/shared/api/save-id.ts): every attempt of one Submit sends the same. */
  save_id: saveIdProperty,
} as const;

/** The final save of a new or government building: the answers not saved before, then submitted. */
export const saveFinal = apiCall({
  path: '/api/application/save_final',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['application_type', 'data'],
    properties: { application_type: applicationTypeSchema, ...submitProperties },
  },
  answer: submittedSchema,
  errors: submitErrors,
} as const);

const wholeRequestBody = {
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: submitProperties,
} as const;

/** A repair request, submitted whole (the spec's spelling of the path). */
export const requestMaintenance = apiCall({
  path: '/api/application/request_maintainence',
  method: 'POST',
  body: wholeRequestBody,
  answer: submittedSchema,
  errors: submitErrors,
} as const);

/** A special request with no drawings, submitted whole. */
export const requestNoDrawings = apiCall({
  path: '/api/application/request_noDrawings',
  method: 'POST',
  body: wholeRequestBody,
  answer: submittedSchema,
  errors: submitErrors,
} as const);

/** What save_final, request_maintainence and request_noDrawings take (the type is the route's or the body's). */
export type SubmitRequest = RequestOf<typeof requestMaintenance>;
export type SubmittedAnswer = AnswerOf<typeof saveFinal>;
