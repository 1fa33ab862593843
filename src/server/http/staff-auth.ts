import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './envelope';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The back office's bearer token (STAFF_API_TOKEN). Without a configured token the back office is
 * off and its calls do not exist (404); a missing or wrong token is 401.
 */
export function requireStaffToken(token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return async (request: FastifyRequest, _res: FastifyReply): Promise<void> => {
    if (!expected) throw new ApiError(404, 'not_found');
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!given || !timingSafeEqual(digest(given), expected)) throw new ApiError(401, 'staff_unauthorized');
  };
}
