import { pbkdf2Sync } from 'node:crypto';

interface Challenge {
  parameters: { nonce: string; salt: string; cost: number; keyLength?: number; keyPrefix: string };
  signature: string;
}

/**
 * The ALTCHA widget's work, done synchronously for the bench's load client (autocannon asks for each
 * request body at once; altcha-lib's solver is asynchronous): PBKDF2-SHA-256 of the nonce followed by
 * a big-endian 32-bit counter, until the derived key starts with the challenge's key prefix. Answers
 * the payload get_application takes.
 */
export function solveCaptchaSync(challengeJson: string): string {
  const challenge = JSON.parse(challengeJson) as Challenge;
  const { nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  const password = Buffer.alloc(nonce.length / 2 + 4);
  Buffer.from(nonce, 'hex').copy(password);
  const saltBytes = Buffer.from(salt, 'hex');
  for (let counter = 0; counter <= 0xffffffff; counter++) {
    password.writeUInt32BE(counter, nonce.length / 2);
    const derivedKey = pbkdf2Sync(password, saltBytes, cost, keyLength, 'sha256').toString('hex');
    if (derivedKey.startsWith(keyPrefix)) {
      const solution = { counter, derivedKey };
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }
  }
  throw new Error('the captcha challenge has no solution');
}
