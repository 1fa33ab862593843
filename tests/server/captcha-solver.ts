import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * What the ALTCHA widget sends for a challenge of /api/captcha/new, worked out for real with
 * altcha-lib's own solver (tests' servers ask a cheaper proof of work: TEST_CAPTCHA_WORK).
 */
export async function solveCaptcha(challenge: unknown): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge found no solution');
  const { parameters, signature } = challenge as Challenge;
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString('base64');
}
