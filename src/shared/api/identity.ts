import { apiCall, apiError, type AnswerOf, type RequestOf } from './call';
import { fieldErrorsSchema, zanIdNotFound, registryUnavailable } from './errors';

/** 422 zan_id_malformed: not a ZanID (9 digits), at `/zan_id`. */
export const zanIdMalformed = /* @__PURE__ */ apiError({
  status: 422,
  code: 'zan_id_malformed',
  data: fieldErrorsSchema,
} as const);

/**
 * The ZanID lookup of the personal step (api-contract.md, Application): the identity registry's record of
 * the person, which prefills the step. 404 `zan_id_not_found`, 503 when the registry cannot answer.
 */
export const verifyZanid = apiCall({
  path: '/api/application/verify_zanid',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['zan_id'],
    // Spaces and dashes are ignored; then 9 digits, or 422 zan_id_malformed.
    properties: { zan_id: { type: 'string', maxLength: 30 } },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['zan_id', 'first_name', 'middle_name', 'last_name', 'date_of_birth', 'sex'],
    properties: {
      zan_id: { type: 'string', pattern: '^[0-9]{9}$' },
      first_name: { type: 'string' },
      /** '' when the registry has none. */
      middle_name: { type: 'string' },
      last_name: { type: 'string' },
      /** 'YYYY-MM-DD', or '' when the registry has none. */
      date_of_birth: { type: 'string' },
      sex: { type: 'string', enum: ['F', 'M'] },
    },
  },
  errors: [zanIdMalformed, zanIdNotFound, registryUnavailable],
} as const);
export type VerifyZanidRequest = RequestOf<typeof verifyZanid>;
/** A person as the ZanID registry knows them. */
export type ZanidPerson = AnswerOf<typeof verifyZanid>;
