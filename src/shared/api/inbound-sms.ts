import { apiCall, type AnswerOf, type RequestOf } from './call';
import { plainError } from './errors';

/**
 * The SMS gateway's inbound call (issue 19, item 5): a text an applicant sent to the portal's number,
 * e.g. "HALI K7PQ2-M9XHT", answered by SMS (never in this call's answer). Authenticated by the
 * gateway's shared token (`Authorization: Bearer <SMS_INBOUND_TOKEN>`).
 */

/** A text to the portal's number; the answer says what the portal did (never in an SMS). */
/** 401 inbound_sms.unauthorized: the SMS gateway's secret is missing or wrong. */
export const inboundSmsUnauthorized = /* @__PURE__ */ plainError(401, 'inbound_sms.unauthorized');

export const inboundSms = apiCall({
  path: '/api/sms/inbound',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['message_id', 'from', 'text'],
    properties: {
      /** The gateway's id of the text: the same id twice is answered once. */
      message_id: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$' },
      /** The sender's number as the gateway writes it: +255…, 255… or 0…. */
      from: { type: 'string', minLength: 3, maxLength: 20, pattern: '^\\+?[0-9 ]+$' },
      /** The text (three SMS parts at most; a command is a few words). */
      text: { type: 'string', maxLength: 480 },
    },
  },
  /**
   * What the portal did, for the gateway's log: a repeat (`duplicate`), or whether an SMS went back.
   * Never whether the reference number exists (the gateway's log is not the applicant's).
   */
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['duplicate', 'replied'],
    properties: { duplicate: { type: 'boolean' }, replied: { type: 'boolean' } },
  },
  errors: [inboundSmsUnauthorized],
} as const);
export type InboundSmsRequest = RequestOf<typeof inboundSms>;
export type InboundSmsAnswer = AnswerOf<typeof inboundSms>;
