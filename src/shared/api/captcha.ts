import { apiCall, type AnswerOf } from './call';
import { emptyBodySchema } from './empty-body';

/**
 * The sign-in's captcha (api-contract.md, View): an ALTCHA proof-of-work challenge, which the widget
 * solves in the browser; get_application takes the widget's payload (src/shared/api/sign-in.ts).
 */

/** The solved challenge as the widget sends it: base64 of its JSON, ~700 characters; room for more, never unbounded. */
export const altchaPayloadProperty = { type: 'string', minLength: 1, maxLength: 4096 } as const;

/**
 * A new challenge, as the widget takes it: ALTCHA's parameters (deterministic mode, PBKDF2/SHA-256) and
 * their signature, valid 5 minutes.
 */
export const newCaptcha = apiCall({
  path: '/api/captcha/new',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['parameters', 'signature'],
    properties: {
      parameters: {
        type: 'object',
        additionalProperties: false,
        required: ['algorithm', 'nonce', 'salt', 'cost', 'keyLength', 'keyPrefix', 'keySignature', 'expiresAt'],
        properties: {
          /** 'PBKDF2/SHA-256'. */
          algorithm: { type: 'string' },
          nonce: { type: 'string' },
          salt: { type: 'string' },
          /** Rounds of the key derivation per try. */
          cost: { type: 'integer', minimum: 1 },
          keyLength: { type: 'integer', minimum: 1 },
          keyPrefix: { type: 'string' },
          /** The HMAC of the key to find: the server checks a solution without deriving it again. */
          keySignature: { type: 'string' },
          /** When the challenge expires, in seconds since 1970. */
          expiresAt: { type: 'integer' },
        },
      },
      /** The HMAC of the parameters. */
      signature: { type: 'string' },
    },
  },
} as const);
export type CaptchaChallenge = AnswerOf<typeof newCaptcha>;
