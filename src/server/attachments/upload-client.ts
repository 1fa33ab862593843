import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * The client an upload counts against for the daily quota: its address as the rate limits see it (from
 * X-Forwarded-For only with TRUST_PROXY; IPv6 by its /64), kept only as a SHA-256.
 */
export function uploadClient(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`upload-client:${normalizeIP(request.ip)}`)
    .digest('hex');
}
