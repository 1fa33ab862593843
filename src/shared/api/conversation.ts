import { staffErrors, messageNotFound } from './staff-errors';
import { dashboardErrors, validationFailed, applicationNotFound } from './errors';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { emptyBodySchema } from './empty-body';

/**
 * The messages of one application as one conversation (issue 17, item 11): what the applicant sent
 * (/api/dashboard/send_message) and the unit's answers (staff `answer_message`), oldest first.
 */

/** One message of the conversation. */
export const conversationMessageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['message_id', 'from', 'by', 'subject', 'message', 'in_reply_to', 'created_at'],
  properties: {
    message_id: { type: 'string' },
    /** Who wrote it: the applicant, or the development control unit. */
    from: { type: 'string', enum: ['applicant', 'unit'] },
    /** The staff member who answered (the unit's messages only). */
    by: { type: ['string', 'null'] },
    subject: { type: ['string', 'null'] },
    message: { type: 'string' },
    /** The applicant's message answered (the unit's messages only, when they name one). */
    in_reply_to: { type: ['string', 'null'] },
    created_at: { type: 'string' },
  },
} as const;

/** /api/dashboard/get_messages: the messages both ways, oldest first, newest last. */
export const getMessages = apiCall({
  path: '/api/dashboard/get_messages',
  method: 'POST',
  body: emptyBodySchema,
  answer: { type: 'array', items: conversationMessageSchema },
  errors: [...dashboardErrors],
} as const);
export type Conversation = AnswerOf<typeof getMessages>;
export type ConversationMessage = Conversation[number];

/** A message the applicant sent, as sent (and as the back office's list_messages lists it). */
export const applicantMessageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['message_id', 'reference_number', 'subject', 'message', 'created_at'],
  properties: {
    message_id: { type: 'string' },
    reference_number: { type: 'string' },
    subject: { type: ['string', 'null'] },
    message: { type: 'string' },
    created_at: { type: 'string' },
  },
} as const;

/** /api/dashboard/send_message: a message to the development control unit. */
export const sendMessage = apiCall({
  path: '/api/dashboard/send_message',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['message'],
    properties: {
      subject: { type: 'string', maxLength: 200 },
      message: { type: 'string', minLength: 1, maxLength: 4000, pattern: '\\S' },
    },
  },
  answer: applicantMessageSchema,
  errors: [...dashboardErrors, validationFailed],
} as const);
export type SendMessageRequest = RequestOf<typeof sendMessage>;
export type ApplicantMessage = AnswerOf<typeof sendMessage>;

/** At most this many messages are answered (the newest); older ones are left out. */
export const CONVERSATION_LIMIT = 200;

/**
 * Staff `answer_message`: the unit's answer to an applicant's message. A signed-in staff member's
 * answer is signed with their account's name (`by` is ignored); the integration's token names the
 * person of its own system in `by` (required then).
 */
export const answerMessage = apiCall({
  path: '/api/staff/answer_message',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['message_id', 'message'],
    properties: {
      message_id: { type: 'string', minLength: 1, maxLength: 64 },
      message: { type: 'string', minLength: 1, maxLength: 4000 },
      by: { type: 'string', minLength: 1, maxLength: 100 },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['answer_id', 'reference_number', 'created_at', 'by'],
    properties: {
      answer_id: { type: 'string' },
      reference_number: { type: 'string' },
      created_at: { type: 'string' },
      /** Who the answer is signed with. */
      by: { type: 'string' },
      /** Set when the answer was saved but the SMS telling the applicant failed (it is retried). */
      sms_failed: { type: 'boolean', const: true },
    },
  },
  errors: [...staffErrors, validationFailed, messageNotFound, applicationNotFound],
} as const);
export type AnswerMessageRequest = RequestOf<typeof answerMessage>;
export type AnswerMessageAnswer = AnswerOf<typeof answerMessage>;
