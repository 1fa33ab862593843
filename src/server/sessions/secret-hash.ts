import { createHash } from 'node:crypto';

/**
 * What is kept of a secret handed to a browser (a session token, a draft key, an engineer's proof, a
 * save's idempotency key): its sha256 in hex, so that a copy of the database opens nothing.
 */
export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');
