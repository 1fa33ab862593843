import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptchaService, CAPTCHA_ALGORITHM, PROOF_OF_WORK } from '../../src/server/captcha/captcha-service';
import { solveCaptcha } from './captcha-solver';
import { createTestApp, databaseKinds, post, TEST_CAPTCHA_WORK, type Envelope, type TestApp } from './helpers';
import { fakeDate } from './fake-clock';

interface Challenge {
  parameters: Record<string, unknown> & { expiresAt: number; algorithm: string; cost: number; keyPrefix: string };
  signature: string;
}

const data = <T>(answer: { body?: unknown }) => (answer.body as Envelope<T>).response.data;
interface Payload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const KEY = 'a-test-key-of-at-least-32-characters!';

describe.each(databaseKinds)('captcha: ALTCHA proof of work (%s)', (kind) => {
  let t: TestApp;
  /** The service the sign-in route uses, over the same database and with the same key. */
  let captchas: CaptchaService;

  const issue = async () => {
    const res = await post<Envelope<Challenge>>(t.app, '/api/captcha/new', {});
    expect(res.status).toBe(200);
    return data<Challenge>(res);
  };

  beforeEach(async () => {
    t = await createTestApp({ ALTCHA_HMAC_KEY: KEY }, { kind });
    captchas = new CaptchaService(t.database.db, { hmacKey: KEY, work: TEST_CAPTCHA_WORK });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('issues a signed PBKDF2 challenge that lives 5 minutes, with nothing to read: no image, no SVG', async () => {
    const before = Math.floor(Date.now() / 1000);
    const challenge = await issue();
    expect(challenge.parameters.algorithm).toBe(CAPTCHA_ALGORITHM);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt - before).toBeGreaterThanOrEqual(299);
    expect(challenge.parameters.expiresAt - before).toBeLessThanOrEqual(301);
    // The old attack read the answer off the SVG's glyph paths: there is no picture any more.
    expect(JSON.stringify(challenge)).not.toMatch(/svg|<path|captcha_id|answer/i);
    expect(await t.database.db.selectFrom('captcha_spent').selectAll().execute()).toEqual([]);
  });

  it("asks the production cost by default (the tests' servers are cheaper)", async () => {
    const service = new CaptchaService(t.database.db, { hmacKey: KEY });
    const challenge = await service.create();
    expect(challenge.parameters.cost).toBe(PROOF_OF_WORK.cost);
  });

  it('accepts a solved challenge once: the same payload again is refused (replay)', async () => {
    const payload = await solveCaptcha(await issue());
    expect(await captchas.consume(payload)).toBe(true);
    expect(await captchas.consume(payload)).toBe(false);
    // Another process with the same key shares the database, so it refuses the replay too.
    const other = new CaptchaService(t.database.db, { hmacKey: KEY });
    expect(await other.consume(payload)).toBe(false);
  });

  it('accepts one of two sends of the same payload at the same moment (the race of a replay)', async () => {
    const payload = await solveCaptcha(await issue());
    const results = await Promise.all([
      captchas.consume(payload),
      captchas.consume(payload),
      captchas.consume(payload),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses an expired payload, even never used, and forgets spent ones once they expire', async () => {
    const stale = await solveCaptcha(await issue());
    const spent = await solveCaptcha(await issue());
    expect(await captchas.consume(spent)).toBe(true);
    fakeDate(Date.now() + 301_000);
    expect(await captchas.consume(stale)).toBe(false);
    // A fresh challenge's consumption clears the expired record of the spent one.
    const fresh = await solveCaptcha(await issue());
    expect(await captchas.consume(fresh)).toBe(true);
    const rows = await t.database.db.selectFrom('captcha_spent').select('signature').execute();
    expect(rows.map((r) => r.signature)).toEqual([decode(fresh).challenge.signature]);
  });

  // (The counter is not part of the proof: the derived key is, checked against its signed HMAC.)
  it('refuses a tampered payload: a lower cost, a later expiry, a wrong derived key, no signature', async () => {
    const challenge = await issue();
    const payload = decode(await solveCaptcha(challenge));
    const { parameters, signature } = payload.challenge;
    const { solution } = payload;
    const tampered = [
      { challenge: { parameters: { ...parameters, expiresAt: parameters.expiresAt + 3600 }, signature }, solution },
      { challenge: { parameters: { ...parameters, cost: 1, keyPrefix: '0' }, signature }, solution },
      { challenge: { parameters, signature }, solution: { ...solution, derivedKey: '00'.repeat(32) } },
      { challenge: { parameters, signature: 'f'.repeat(64) }, solution },
      { challenge: { parameters }, solution },
      // The widget's own "test mode" payload.
      { challenge: null, solution: null, test: true },
    ];
    for (const value of tampered) expect(await captchas.consume(encode(value))).toBe(false);
    for (const junk of ['', 'not base64 !', encode('a string'), encode([1, 2]), encode({ challenge: {} })]) {
      expect(await captchas.consume(junk)).toBe(false);
    }
    // None of that spent the real one.
    expect(await captchas.consume(encode(payload))).toBe(true);
  });

  it('refuses a challenge signed with another key, solved for real', async () => {
    const forged = await new CaptchaService(t.database.db, {
      hmacKey: 'another-key-of-at-least-32-characters',
      work: TEST_CAPTCHA_WORK,
    }).create();
    expect(await captchas.consume(await solveCaptcha(forged))).toBe(false);
    // Nor an unsigned one, nor one signed with a guessable secret.
    const common = {
      algorithm: CAPTCHA_ALGORITHM,
      cost: 1,
      counter: 3,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
    };
    const unsigned = await createChallenge(common);
    expect(await captchas.consume(await solveCaptcha(unsigned))).toBe(false);
    const guessed = await createChallenge({ ...common, hmacSignatureSecret: KEY, hmacKeySignatureSecret: KEY });
    expect(await captchas.consume(await solveCaptcha(guessed))).toBe(false);
  });

  it('refuses another algorithm before deriving anything', async () => {
    const sha = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 2,
      deriveKey: (await import('altcha-lib/algorithms/sha')).deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: KEY,
    });
    const payload = encode({ challenge: sha, solution: { counter: 2, derivedKey: '00' } });
    expect(await captchas.consume(payload)).toBe(false);
  });

  it('takes only {}', async () => {
    expect((await post(t.app, '/api/captcha/new', { extra: 1 })).status).toBe(400);
  });
});

describe('captcha without ALTCHA_HMAC_KEY (outside production)', () => {
  it('signs with a key of its own, and has no development route for answers any more', async () => {
    const t = await createTestApp({ DEV_TOOLS: true });
    try {
      const res = await post<Envelope<Challenge>>(t.app, '/api/captcha/new', {});
      expect(res.status).toBe(200);
      expect(data<Challenge>(res).signature).toMatch(/^[0-9a-f]{64}$/);
      expect((await post(t.app, '/api/dev/captcha_answer', { captcha_id: 'x' })).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
