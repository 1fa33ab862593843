import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../db/schema';

export const CAPTCHA_TTL_S = 300;
export const CAPTCHA_LENGTH = 5;
/** Capitals and digits with no look-alikes among them (no 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V…). */
export const CAPTCHA_CHARACTERS = 'ACDEFHJKMNPRTWXY34679';

interface CaptchaOptions {
  width: number;
  height: number;
  fontSize: number;
  noise: number;
  color: boolean;
}
/** svg-captcha's module is also a function drawing a given text; its types leave that out. */
const draw = svgCaptcha as unknown as (text: string, options: CaptchaOptions) => string;

export interface NewCaptcha {
  captcha_id: string;
  svg: string;
  expires_in_s: number;
}

/** Case, spaces and surrounding blanks do not count. */
function normalize(answer: string): string {
  return answer.replace(/\s+/g, '').toUpperCase();
}

function hash(captchaId: string, answer: string): string {
  return createHash('sha256')
    .update(`${captchaId}:${normalize(answer)}`)
    .digest('hex');
}

/**
 * Image captchas kept in the database, so that any server process can check one another drew:
 * valid 5 minutes, single use whatever the answer, the answer stored hashed (and in plain only
 * with the development tools, for end-to-end tests).
 */
export class CaptchaService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { keepPlainAnswers: boolean },
  ) {}

  async create(): Promise<NewCaptcha> {
    // The text from a cryptographic source: svg-captcha's own uses Math.random.
    const text = Array.from(
      { length: CAPTCHA_LENGTH },
      () => CAPTCHA_CHARACTERS[randomInt(CAPTCHA_CHARACTERS.length)],
    ).join('');
    const svg = draw(text, { width: 180, height: 60, fontSize: 58, noise: 3, color: false })
      // An opaque white ground: dark grey characters stay readable on a dark page too.
      .replace(/^(<svg[^>]*>)/, '$1<rect width="100%" height="100%" fill="#ffffff"/>');
    const captchaId = randomBytes(18).toString('base64url');
    await this.db.deleteFrom('captcha').where('expires_at', '<', new Date()).execute();
    await this.db
      .insertInto('captcha')
      .values({
        id: captchaId,
        answer_hash: hash(captchaId, text),
        dev_answer: this.options.keepPlainAnswers ? text : null,
        expires_at: new Date(Date.now() + CAPTCHA_TTL_S * 1000),
      })
      .execute();
    return { captcha_id: captchaId, svg, expires_in_s: CAPTCHA_TTL_S };
  }

  /** True for the right answer to a live captcha. The captcha is gone after this call, whatever the answer. */
  async consume(captchaId: string, answer: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('captcha')
      .where('id', '=', captchaId)
      .returning(['answer_hash', sql<boolean>`expires_at > ${new Date()}`.as('live')])
      .executeTakeFirst();
    if (!row?.live) return false;
    return timingSafeEqual(Buffer.from(hash(captchaId, answer)), Buffer.from(row.answer_hash));
  }
}

/** Development tools only: the plain answer of a live captcha (kept only when DEV_TOOLS is on). */
export async function devCaptchaAnswer(db: Kysely<Database>, captchaId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('captcha')
    .select('dev_answer')
    .where('id', '=', captchaId)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.dev_answer ?? undefined;
}
