import type { FromSchema } from 'json-schema-to-ts';

/**
 * A one-time code sent by SMS, as every call that sends one or checks one speaks of it: Continue,
 * View (sign-in), Applications' open, "Forgot your reference number?" and a draft's phone change.
 */

/** The challenge a code was sent for, as the server named it. */
export const challengeIdProperty = { type: 'string', minLength: 1, maxLength: 64 } as const;
/** The code as typed (compared by the server; a code is never longer). */
export const oneTimeCodeProperty = { type: 'string', minLength: 1, maxLength: 10 } as const;

/** The answer to a challenge: its id and the code that came by SMS. */
export const codeAnswerBody = {
  type: 'object',
  additionalProperties: false,
  required: ['challenge_id', 'code'],
  properties: { challenge_id: challengeIdProperty, code: oneTimeCodeProperty },
} as const;

export type CodeAnswer = FromSchema<typeof codeAnswerBody>;

/** A code went by SMS: the challenge to answer, where it went (masked) and how long it holds. */
export const codeSentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['challenge_id', 'sent_to', 'expires_in_s'],
  properties: {
    challenge_id: { type: 'string' },
    /** The phone the code went to, masked. */
    sent_to: { type: 'string' },
    expires_in_s: { type: 'integer', minimum: 0 },
  },
} as const;
export type CodeSent = FromSchema<typeof codeSentSchema>;
