import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FIND_CODES_PER_ID_HOUR } from '../../src/server/find-reference/find-reference-service';
import type { FindReferenceAnswer, VerifyFindCodeAnswer } from '../../src/shared/api/find-reference';
import { api, personal, REFERENCE, SAVE } from './application-fixtures';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';

// "Forgot your reference number?": a ZanID or passport number and the phone saved in the
// applications, a code to that phone, and the right code lists them. Written as the attacks too.

const FIND = '/api/application/find_reference';
const VERIFY = '/api/application/verify_find_code';

interface Sms {
  phone: string;
  message: string;
  purpose: string;
}

describe.each(databaseKinds)('forgot your reference number (%s)', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ DEV_TOOLS: true }, { kind, rateLimits: { limits: { sign_in: { max: 1000 } } } });
  });
  afterEach(() => t.close());

  const outbox = async () => (await post<Envelope<Sms[]>>(t.app, '/api/dev/outbox', {})).body!.response.data;
  /** The find codes in the outbox, newest first (delivery follows the answer: waits for it, no sleeping). */
  const findCodes = async (count: number) => {
    for (;;) {
      const codes = (await outbox()).filter((sms) => sms.purpose === 'find_reference');
      if (codes.length >= count) return codes;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const codeIn = (sms: Sms) => /\b(\d{6})\b/.exec(sms.message)![1]!;
  const save = async (data: Record<string, unknown>, type = 'repair') => {
    const res = await post<Envelope<{ reference_number: string }>>(t.app, SAVE, {
      application_type: type,
      step_number: 1,
      data,
    });
    expect(res.status).toBe(200);
    return res.body!.response.data.reference_number;
  };
  const find = (body: unknown, headers: Record<string, string> = {}) =>
    post<Envelope<FindReferenceAnswer>>(t.app, FIND, body, headers, { asStranger: true });
  const verify = (body: unknown) => post<Envelope<VerifyFindCodeAnswer>>(t.app, VERIFY, body, {}, { asStranger: true });

  it('sends a code to the phone saved in the applications and lists them, latest first, for the right code', async () => {
    const answers = personal(); // ZanID 190012345, phone 0777123456
    const first = await save(answers);
    const second = await save(answers, 'special');
    const now = new Date();
    await t.database.db
      .updateTable('application')
      .set({ status: 'submitted', submitted_at: now, updated_at: now })
      .where('reference_number', '=', first.replace('-', ''))
      .execute();
    // Someone else's application: another ID number.
    await save({ ...answers, zan_id: '190023456' });

    // The ID number and phone as people type them: spaces, the country code.
    const started = await find({ id_number: ' 1900 12345', phone: '+255 777 123 456' });
    expect(started.status).toBe(200);
    expect(started.body!.response.message).toBe(api.en.find_reference_sent);
    const { challenge_id, expires_in_s } = started.body!.response.data;
    expect(expires_in_s).toBe(600);
    const [sms] = await findCodes(1);
    expect(sms!.phone).toBe(answers.phone);
    expect(JSON.stringify(started.body)).not.toContain(codeIn(sms!));
    expect(sms!.message).not.toContain('190012345');

    const found = await verify({ challenge_id, code: codeIn(sms!) });
    expect(found.status).toBe(200);
    const listed = found.body!.response.data.applications;
    expect(listed.map((a) => [a.reference_number, a.application_type, a.status])).toEqual([
      [first, 'repair', 'submitted'],
      [second, 'special', 'draft'],
    ]);
    for (const application of listed) {
      expect(application.reference_number).toMatch(REFERENCE);
      expect(Number.isNaN(Date.parse(application.date))).toBe(false);
      // Nothing else about the applicant.
      expect(Object.keys(application).sort()).toEqual(['application_type', 'date', 'reference_number', 'status']);
    }
    // The code is good once.
    expect((await verify({ challenge_id, code: codeIn(sms!) })).status).toBe(422);
  });

  it('answers in Swahili when asked', async () => {
    await save(personal());
    const started = await find({ id_number: '190012345', phone: '0777123456' }, { 'accept-language': 'sw' });
    expect(started.body!.response.message).toBe(api.sw.find_reference_sent);
    const [sms] = await findCodes(1);
    expect(sms!.message).toBe(api.sw.sms_find_reference_code!.replace('{{code}}', codeIn(sms!)));
  });

  it('attack: an unknown ID number, or a known one with another phone, gets the same answer and sends nothing', async () => {
    await save(personal());
    const answers = [
      await find({ id_number: '190012345', phone: '0777123456' }), // known, right phone
      await find({ id_number: '190099999', phone: '0777123456' }), // unknown ID number
      await find({ id_number: '190012345', phone: '0655000111' }), // known ID number, another phone
    ];
    const shapes = answers.map((res) => {
      const { challenge_id, ...rest } = res.body!.response.data;
      expect(challenge_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
      return [res.status, res.body!.response.code, res.body!.response.message, rest, Object.keys(res.headers).sort()];
    });
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect((await findCodes(1)).map((sms) => sms.phone)).toEqual(['0777123456']);
    expect((await outbox()).filter((sms) => sms.purpose === 'find_reference')).toHaveLength(1);
  });

  it('attack: someone who put another person’s ID number in a draft with their own phone finds only that draft', async () => {
    const victim = await save(personal());
    const planted = await save({ ...personal(), phone: '0655000111' });
    const started = await find({ id_number: '190012345', phone: '0655000111' });
    const [sms] = await findCodes(1);
    expect(sms!.phone).toBe('0655000111');
    const found = await verify({ challenge_id: started.body!.response.data.challenge_id, code: codeIn(sms!) });
    const listed = found.body!.response.data.applications.map((a) => a.reference_number);
    expect(listed).toEqual([planted]);
    expect(listed).not.toContain(victim);
  });

  it('attack: a wrong code lists nothing; the code of another page is refused and stays good there', async () => {
    await save(personal());
    const { challenge_id } = (await find({ id_number: '190012345', phone: '0777123456' })).body!.response.data;
    const code = codeIn((await findCodes(1))[0]!);
    const wrong = code === '123456' ? '654321' : '123456';
    const refused = await verify({ challenge_id, code: wrong });
    expect(refused.status).toBe(422);
    expect(refused.body!.response.data).toEqual({});
    expect((await verify({ challenge_id: 'made-up-challenge', code })).status).toBe(422);

    // A Continue challenge sent to verify_find_code: refused, and not spent.
    const reference = (
      await t.database.db.selectFrom('application').select('reference_number').executeTakeFirstOrThrow()
    ).reference_number;
    const continued = await post<Envelope<{ challenge_id: string }>>(
      t.app,
      '/api/application/continue_application',
      { reference_number: reference },
      {},
      { asStranger: true },
    );
    const continueSms = (await outbox()).find((sms) => sms.purpose === 'continue')!;
    const continueChallenge = { challenge_id: continued.body!.response.data.challenge_id, code: codeIn(continueSms) };
    expect((await verify(continueChallenge)).status).toBe(422);
    expect(
      (await post(t.app, '/api/application/verify_code', continueChallenge, {}, { asStranger: true })).status,
    ).toBe(200);
  });

  it('attack: guessing codes locks the ID number and phone after 20 wrong tries, the right code included', async () => {
    await save(personal());
    let code = '';
    let challenge = '';
    for (let sent = 0; sent < 4; sent++) {
      // A new code a minute at most: the test moves the last one back instead of waiting.
      await t.database.db
        .updateTable('one_time_code')
        .set({ created_at: new Date(Date.now() - 3_600_000) } as never)
        .execute();
      const res = await find({ id_number: '190012345', phone: '0777123456' });
      expect(res.status).toBe(200);
      challenge = res.body!.response.data.challenge_id;
      code = codeIn((await findCodes(sent + 1))[0]!);
      for (let i = 0; i < 5 && sent * 5 + i < 20; i++) {
        const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
        const res = await verify({ challenge_id: challenge, code: wrong });
        expect([422, 429]).toContain(res.status);
      }
    }
    const locked = await verify({ challenge_id: challenge, code });
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(locked.body!.response.data).not.toHaveProperty('applications');
  });

  it('attack: one ID number tried with many phones is stopped after a few codes an hour', async () => {
    await save(personal());
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FIND_CODES_PER_ID_HOUR + 2; i++) {
      const phone = `06550${String(i).padStart(5, '0')}`;
      statuses.push((await find({ id_number: '190012345', phone })).status);
    }
    expect(statuses.slice(0, MAX_FIND_CODES_PER_ID_HOUR).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(MAX_FIND_CODES_PER_ID_HOUR)).toEqual([429, 429]);
    // The right phone, too, waits: the limit is the ID number's.
    const right = await find({ id_number: '190012345', phone: '0777123456' });
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('bad input gets a clear error in the envelope, in the user’s language, and stores nothing', async () => {
    const sw = { 'accept-language': 'sw' };
    const bad = await find({ id_number: '12-34', phone: '12345' }, sw);
    expect(bad.status).toBe(400);
    const invalid = await find({ id_number: '1234567890123', phone: '0123 456 789' }, sw);
    expect(invalid.status).toBe(422);
    expect(invalid.body!.response.message).toBe(api.sw.validation_failed);
    expect(
      (invalid.body!.response.data as unknown as { errors: { path: string }[] }).errors.map((e) => e.path),
    ).toEqual(['/id_number', '/phone']);
    for (const body of [{}, { id_number: '190012345' }, { id_number: '190012345', phone: '0777123456', x: 1 }]) {
      expect((await find(body)).status).toBe(400);
    }
    expect((await verify({ challenge_id: 'x' })).status).toBe(400);
    expect(await t.database.db.selectFrom('one_time_code').selectAll().execute()).toEqual([]);
  });

  it('attack: too many tries from one client are refused with 429', async () => {
    const limited = await createTestApp({ DEV_TOOLS: true }, { kind });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await post(limited.app, FIND, { id_number: `19000000${i % 10}`, phone: '0777123456' });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
