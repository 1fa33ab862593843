import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../shared/envelope';
import { message } from '../i18n/messages';

/** An answer other than 200, thrown by services and routes; the error handler turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: string,
    readonly data: Record<string, unknown> = {},
    readonly params: Record<string, unknown> = {},
  ) {
    super(messageKey);
  }
}

export function envelope<T>(code: number, text: string, data: T): Envelope<T> {
  return { response: { code, message: text, data } };
}

/** The message key each request was answered with (its envelope carries only the text): registerAnswerChecks reads it. */
const answeredKeys = new WeakMap<FastifyRequest, string>();

/** The message key of the envelope answered to `request` (an error answer's is its ApiError's). */
export function answeredKey(request: FastifyRequest): string | undefined {
  return answeredKeys.get(request);
}

/** Sends the envelope with HTTP status equal to its code, the message in the request's language filled from `params` and `data`. */
export function reply<T>(
  request: FastifyRequest,
  res: FastifyReply,
  code: number,
  messageKey: string,
  data: T,
  params?: Record<string, unknown>,
): FastifyReply {
  answeredKeys.set(request, messageKey);
  return res.code(code).send(envelope(code, message(request.language, messageKey, params, data), data));
}
