import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/envelope';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The SMS gateway's proof: `Authorization: Bearer <SMS_INBOUND_TOKEN>`, compared in constant time.
 * Without a configured token every call is refused: an inbound endpoint anyone could call would let
 * anyone make the portal send SMS.
 */
export function gatewayCheck(token: string | undefined): (request: FastifyRequest) => Promise<void> {
  const expected = token === undefined ? undefined : digest(token);
  return async (request) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    const right = expected !== undefined && given !== '' && timingSafeEqual(digest(given), expected);
    if (!right) throw new ApiError(401, 'inbound_sms.unauthorized');
  };
}
