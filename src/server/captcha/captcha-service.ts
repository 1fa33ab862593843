import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Kysely } from 'kysely';
import type { CaptchaChallenge } from '../../shared/api/captcha';
import type { Database } from '../db/schema';
import { deleteExpiredSpent, markSpent } from './captcha-repository';

export const CAPTCHA_TTL_S = 300;
/** Native in every browser's WebCrypto (no WASM), and the widget's default. */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * How much work a challenge asks: ALTCHA's deterministic mode, where the browser must find a secret
 * counter drawn between `counterMin` and `counterMax`, trying each value with PBKDF2 of `cost` rounds.
 */
export interface ProofOfWork {
  cost: number;
  counterMin: number;
  counterMax: number;
}

/**
 * About 2.25 million PBKDF2-SHA-256 rounds on average (counter 1,500 to 3,000 × 1,000 rounds): half a
 * second of one server core (~5 M rounds/s measured with Node), one to two seconds on a cheap phone
 * whose 4 slow cores each do about a fifth of that in the widget's workers. Enough to make each
 * automated try cost something; the rate limits stay the real protection.
 */
export const PROOF_OF_WORK: ProofOfWork = { cost: 1_000, counterMin: 1_500, counterMax: 3_000 };

/** One key per process when no ALTCHA_HMAC_KEY is set (never in production: the configuration refuses it). */
const processKey = randomBytes(32).toString('hex');

/** The two ALTCHA secrets, derived from one configured key so that every server process agrees. */
function secrets(key: string) {
  const derive = (purpose: string) => createHmac('sha256', key).update(`kibali altcha ${purpose}`).digest('hex');
  return { challenge: derive('challenge signature'), derivedKey: derive('derived key signature') };
}

/** The widget's payload: base64 of JSON `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`. */
function parsePayload(payload: string) {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!record(value) || !record(value.challenge) || !record(value.solution)) return undefined;
  const { parameters, signature } = value.challenge;
  const { counter, derivedKey } = value.solution;
  if (!record(parameters) || typeof signature !== 'string' || signature === '') return undefined;
  if (typeof counter !== 'number' || typeof derivedKey !== 'string') return undefined;
  // Only our algorithm: a payload naming another never reaches a key derivation.
  if (parameters.algorithm !== CAPTCHA_ALGORITHM || typeof parameters.expiresAt !== 'number') return undefined;
  return {
    challenge: { parameters: parameters as never, signature },
    solution: { counter, derivedKey },
    expiresAt: parameters.expiresAt,
  };
}

/**
 * ALTCHA proof-of-work challenges for sign-in: signed with a key from the configuration (any server
 * process checks what another issued), valid 5 minutes, single use (the signatures of used ones are
 * kept in the database until they expire). Nothing to read or type: the browser does the work.
 */
export class CaptchaService {
  private readonly secrets: { challenge: string; derivedKey: string };
  private readonly work: ProofOfWork;

  constructor(
    private readonly db: Kysely<Database>,
    options: { hmacKey?: string | undefined; work?: ProofOfWork | undefined } = {},
  ) {
    this.secrets = secrets(options.hmacKey ?? processKey);
    this.work = options.work ?? PROOF_OF_WORK;
  }

  async create(): Promise<CaptchaChallenge> {
    const challenge = await createChallenge({
      algorithm: CAPTCHA_ALGORITHM,
      cost: this.work.cost,
      counter: randomInt(this.work.counterMin, this.work.counterMax + 1),
      deriveKey,
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_S * 1000),
      hmacSignatureSecret: this.secrets.challenge,
      // Checked by HMAC instead of a key derivation: a check costs the server next to nothing.
      hmacKeySignatureSecret: this.secrets.derivedKey,
    });
    // Signed with both secrets: the parameters carry keySignature and expiresAt, and the signature is there.
    return challenge as CaptchaChallenge;
  }

  /**
   * True for the solved payload of a live challenge of ours, the first time only. A wrong, tampered,
   * expired or replayed payload is false.
   */
  async consume(payload: string): Promise<boolean> {
    const parsed = parsePayload(payload);
    if (!parsed) return false;
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: this.secrets.challenge,
      hmacKeySignatureSecret: this.secrets.derivedKey,
    }).catch(() => ({ verified: false }));
    if (!result.verified) return false;
    await deleteExpiredSpent(this.db, new Date());
    // Spent once: the same challenge a second time is false.
    return markSpent(this.db, parsed.challenge.signature, new Date(parsed.expiresAt * 1000));
  }
}
