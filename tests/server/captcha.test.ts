import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CaptchaService, CAPTCHA_CHARACTERS } from '../../src/server/captcha/captcha-service';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';

interface NewCaptcha {
  captcha_id: string;
  svg: string;
  expires_in_s: number;
}

const data = <T>(answer: { body?: unknown }) => (answer.body as Envelope<T>).response.data;

describe.each(databaseKinds)('captcha (%s)', (kind) => {
  let t: TestApp;
  let captchas: CaptchaService;

  const draw = async () => {
    const res = await post<Envelope<NewCaptcha>>(t.app, '/api/captcha/new', {});
    expect(res.status).toBe(200);
    return data<NewCaptcha>(res);
  };
  const devAnswer = async (captcha_id: string) => {
    const res = await post<Envelope<{ answer: string }>>(t.app, '/api/dev/captcha_answer', { captcha_id });
    expect(res.status).toBe(200);
    return data<{ answer: string }>(res).answer;
  };

  beforeEach(async () => {
    t = await createTestApp({ DEV_TOOLS: true }, { kind });
    // The sign-in route that consumes captchas is not built yet: the service, over the same database.
    captchas = new CaptchaService(t.database.db, { keepPlainAnswers: false });
  });
  afterEach(() => t.close());

  it('draws an SVG with an id, lives 5 minutes, and keeps the answer only hashed (plain with DEV_TOOLS)', async () => {
    const captcha = await draw();
    expect(captcha.expires_in_s).toBe(300);
    expect(captcha.captcha_id).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    expect(captcha.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="[^"]+">/);
    expect(captcha.svg).toMatch(/<\/svg>$/);
    expect(captcha.svg).not.toMatch(/<script|<style|<text|on[a-z]+=|href=/i);

    const answer = await devAnswer(captcha.captcha_id);
    expect(answer).toMatch(new RegExp(`^[${CAPTCHA_CHARACTERS}]{5}$`));
    expect(captcha.svg).not.toContain(answer); // drawn as paths, not as text
    const row = await t.database.db
      .selectFrom('captcha')
      .selectAll()
      .where('id', '=', captcha.captcha_id)
      .executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.answer_hash).not.toContain(answer);
  });

  it('accepts the right answer once, whatever its case and spaces', async () => {
    const { captcha_id } = await draw();
    const answer = await devAnswer(captcha_id);
    expect(await captchas.consume(captcha_id, ` ${answer.toLowerCase().split('').join(' ')} `)).toBe(true);
    expect(await captchas.consume(captcha_id, answer)).toBe(false);
    expect((await post(t.app, '/api/dev/captcha_answer', { captcha_id })).status).toBe(404);
  });

  it('refuses a wrong answer, and then the right one too: one try per captcha', async () => {
    const { captcha_id } = await draw();
    const answer = await devAnswer(captcha_id);
    const wrong = answer.startsWith('A') ? `C${answer.slice(1)}` : `A${answer.slice(1)}`;
    expect(await captchas.consume(captcha_id, wrong)).toBe(false);
    expect(await captchas.consume(captcha_id, answer)).toBe(false);
  });

  it('refuses an expired captcha and an unknown one', async () => {
    const { captcha_id } = await draw();
    const answer = await devAnswer(captcha_id);
    await sql`update captcha set expires_at = now() - interval '1 second' where id = ${captcha_id}`.execute(
      t.database.db,
    );
    expect((await post(t.app, '/api/dev/captcha_answer', { captcha_id })).status).toBe(404);
    expect(await captchas.consume(captcha_id, answer)).toBe(false);
    expect(await captchas.consume('no-such-captcha', answer)).toBe(false);
  });

  it('gives each captcha its own id and text, and clears expired ones', async () => {
    const first = await draw();
    await sql`update captcha set expires_at = now() - interval '1 second'`.execute(t.database.db);
    const second = await draw();
    expect(second.captcha_id).not.toBe(first.captcha_id);
    const ids = (await t.database.db.selectFrom('captcha').select('id').execute()).map((r) => r.id);
    expect(ids).toEqual([second.captcha_id]);
  });

  it('takes only {} and answers JSON bodies with a schema', async () => {
    expect((await post(t.app, '/api/captcha/new', { extra: 1 })).status).toBe(400);
    expect((await post(t.app, '/api/dev/captcha_answer', {})).status).toBe(400);
    expect((await post(t.app, '/api/dev/captcha_answer', { captcha_id: 'x', more: 1 })).status).toBe(400);
  });
});

describe('captcha without DEV_TOOLS', () => {
  it('keeps no plain answer, and has no development route', async () => {
    const t = await createTestApp();
    try {
      const res = await post<Envelope<NewCaptcha>>(t.app, '/api/captcha/new', {});
      expect(res.status).toBe(200);
      const { captcha_id } = data<NewCaptcha>(res);
      expect((await post(t.app, '/api/dev/captcha_answer', { captcha_id })).status).toBe(404);
      const row = await t.database.db
        .selectFrom('captcha')
        .select('dev_answer')
        .where('id', '=', captcha_id)
        .executeTakeFirstOrThrow();
      expect(row.dev_answer).toBeNull();
    } finally {
      await t.close();
    }
  });
});
