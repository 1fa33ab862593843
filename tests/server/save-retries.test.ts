import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, personal, rowCount, SAVE, sample, stored } from './application-fixtures';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';

// A phone on a flaky network sends a save, loses the answer and sends it again with the same
// idempotency key (`save_id`): the repeat answers as the first did, creates no second draft, writes
// nothing twice, and gives the browser that lost the first answer its draft cookie again.

interface Saved {
  reference_number?: string;
  step_number?: number;
}

describe.each(databaseKinds)('a save sent again with its save_id (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { kind });
  });
  afterAll(() => t?.close());

  const first = (saveId: string, data = personal()) => ({
    application_type: 'repair',
    step_number: 1,
    data,
    save_id: saveId,
  });
  /** The save as a browser whose cookie jar is its own: a lost answer is a jar that never got the cookie. */
  const asBrowser = (jar: Map<string, string>, body: unknown) => post<Envelope<Saved>>(t.app, SAVE, body, {}, { jar });

  it('the repeat of a first save whose answer was lost creates no second draft and hands the cookie again', async () => {
    const before = await rowCount(t);
    const saveId = randomUUID();
    const lost = new Map<string, string>();
    const firstAnswer = await asBrowser(lost, first(saveId));
    expect(firstAnswer.status).toBe(200);
    // The answer, cookie and all, never reached the phone: the phone retries from a jar without it.
    const phone = new Map<string, string>();
    const repeat = await asBrowser(phone, first(saveId));
    expect(repeat.status).toBe(200);
    expect(repeat.body?.response.data).toEqual(firstAnswer.body?.response.data);
    expect(await rowCount(t)).toBe(before + 1);

    // The cookie handed with the repeat writes the draft: the applicant carries on.
    const reference = repeat.body!.response.data.reference_number!;
    expect(phone.size).toBe(1);
    const next = await asBrowser(phone, {
      application_type: 'repair',
      step_number: 2,
      data: sample('repair ok (no neighbours)'),
      reference_number: reference,
      save_id: randomUUID(),
    });
    expect(next.status).toBe(200);
    expect((await stored(t, reference)).step_number).toBe(2);
  });

  it('two sends of one first save at once make one draft', async () => {
    const before = await rowCount(t);
    const saveId = randomUUID();
    const answers = await Promise.all([
      asBrowser(new Map(), first(saveId)),
      asBrowser(new Map(), first(saveId)),
      asBrowser(new Map(), first(saveId)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const references = new Set(answers.map((a) => a.body?.response.data.reference_number));
    expect(references.size).toBe(1);
    expect(await rowCount(t)).toBe(before + 1);
  });

  it('the repeat of a later save writes the draft once', async () => {
    const jar = new Map<string, string>();
    const created = await asBrowser(jar, first(randomUUID()));
    const reference = created.body!.response.data.reference_number!;
    const body = {
      application_type: 'repair',
      step_number: 1,
      data: { ...personal(), first_name: 'Retried' },
      reference_number: reference,
      save_id: randomUUID(),
    };
    const before = await stored(t, reference);
    const once = await asBrowser(jar, body);
    const again = await asBrowser(jar, body);
    expect([once.status, again.status]).toEqual([200, 200]);
    expect(again.body?.response.data).toEqual(once.body?.response.data);
    const after = await stored(t, reference);
    expect(after.revision).toBe(before.revision + 1);
    expect((after.answers as Record<string, { first_name?: string }>).personal?.first_name).toBe('Retried');
  });

  it('a stranger who sends the save_id of a later save with the reference number reads and writes nothing', async () => {
    const jar = new Map<string, string>();
    const created = await asBrowser(jar, first(randomUUID()));
    const reference = created.body!.response.data.reference_number!;
    const saveId = randomUUID();
    const body = {
      application_type: 'repair',
      step_number: 1,
      data: personal(),
      reference_number: reference,
      save_id: saveId,
    };
    expect((await asBrowser(jar, body)).status).toBe(200);
    const before = await stored(t, reference);
    const stranger = new Map<string, string>();
    const res = await asBrowser(stranger, { ...body, data: { ...personal(), first_name: 'Intruder' } });
    expect([res.status, res.body?.response.message]).toEqual([404, expect.any(String)]);
    expect(res.body?.response.data).toEqual({});
    expect(stranger.size).toBe(0);
    expect((await stored(t, reference)).revision).toBe(before.revision);
  });

  it('the save_id of a first save does not hand out that draft to a save of another type', async () => {
    const saveId = randomUUID();
    const made = await asBrowser(new Map(), first(saveId));
    const reference = made.body!.response.data.reference_number!;
    const other = new Map<string, string>();
    const res = await asBrowser(other, { ...first(saveId), application_type: 'special' });
    expect(res.body?.response.data.reference_number).not.toBe(reference);
    expect([...other.keys()].some((name) => name.endsWith(reference.replace('-', '')))).toBe(false);
  });

  it('a save_id that is not a UUID is refused with 400 and changes nothing', async () => {
    const before = await rowCount(t);
    const res = await call(t, SAVE, first('not-a-uuid'));
    expect(res.status).toBe(400);
    expect(await rowCount(t)).toBe(before);
  });
});
