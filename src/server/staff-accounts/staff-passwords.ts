import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/api/staff-session';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): some 30–60 ms of a core per try, on
 * libuv's thread pool, not the event loop. The parameters and salt are in the stored PHC string, so
 * raising them later leaves older hashes verifiable.
 */
const ARGON2ID = 2 as Algorithm;
export const PASSWORD_HASH_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** A hash of nobody's password: an unknown login costs the same time as a known one. */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(32).toString('base64url')));

/**
 * Whether `password` is the one of `stored`; with no stored hash (an unknown login), the same work
 * is done against a decoy and the answer is false.
 */
export async function passwordMatches(stored: string | undefined, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  const target = stored ?? (await decoyHash());
  const matches = await verify(target, password).catch(() => false);
  return stored !== undefined && matches;
}

/** What is wrong with a new password, or undefined: 12 to 256 characters, not only spaces, no line breaks. */
export function passwordProblem(password: string, login: string): 'password_length' | 'password_login' | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH || /[\r\n]/.test(password) || !password.trim())
    return 'password_length';
  if (password.trim().toLowerCase() === login.toLowerCase()) return 'password_login';
  return undefined;
}
