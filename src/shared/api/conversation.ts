/**
 * The messages of one application as one conversation (issue 17, item 11): what the applicant sent
 * (/api/dashboard/send_message) and the unit's answers (staff `answer_message`), oldest first.
 */

/** One message of the conversation. */
export interface ConversationMessage {
  message_id: string;
  /** Who wrote it: the applicant, or the development control unit. */
  from: 'applicant' | 'unit';
  /** The staff member who answered (the unit's messages only). */
  by: string | null;
  subject: string | null;
  message: string;
  /** The applicant's message answered (the unit's messages only, when they name one). */
  in_reply_to: string | null;
  created_at: string;
}

/** /api/dashboard/get_messages: oldest first, newest last. */
export type Conversation = ConversationMessage[];

/** At most this many messages are answered (the newest); older ones are left out. */
export const CONVERSATION_LIMIT = 200;

/**
 * Staff `answer_message`: the unit's answer to an applicant's message. A signed-in staff member's
 * answer is signed with their account's name (`by` is ignored); the integration's token names the
 * person of its own system in `by` (required then).
 */
export const answerMessageBody = {
  type: 'object',
  additionalProperties: false,
  required: ['message_id', 'message'],
  properties: {
    message_id: { type: 'string', minLength: 1, maxLength: 64 },
    message: { type: 'string', minLength: 1, maxLength: 4000 },
    by: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

export interface AnswerMessageRequest {
  message_id: string;
  message: string;
  by?: string;
}
