import { apiCall, type AnswerOf } from './call';
import { emptyBodySchema } from './empty-body';

/** A development tool (DEV_TOOLS=1, refused in production): what the SMS outbox "sent". */

/** The outbox's newest messages (50 at most), newest first. */
export const devOutbox = apiCall({
  path: '/api/dev/outbox',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'phone', 'message', 'purpose', 'created_at'],
      properties: {
        id: { type: 'integer' },
        phone: { type: 'string' },
        message: { type: 'string' },
        /** What the SMS was for ('sign_in', 'reference_number', …). */
        purpose: { type: 'string' },
        created_at: { type: 'string', format: 'date-time' },
      },
    },
  },
} as const);
export type OutboxSms = AnswerOf<typeof devOutbox>[number];
