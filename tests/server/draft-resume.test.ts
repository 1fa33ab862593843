import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, personal, REPAIR, rowCount, SAVE, sample, stored } from './application-fixtures';
import { createTestApp, databaseKinds, draftJar, post, type Envelope, type TestApp } from './helpers';

/**
 * Issue 17, items 1 and 2. A reload or a return in the same browser reopens one's own draft from the
 * server (open_draft, with the draft cookie); Save & Complete Later keeps a step that is not valid yet,
 * unfinished, and always gives the reference number.
 */

const OPEN = '/api/application/open_draft';
const STRANGER = { asStranger: true } as const;

interface Reopened {
  reference_number: string;
  application_type: string;
  step_number: number;
  data: Record<string, Record<string, unknown>>;
  unfinished: Record<string, Record<string, unknown>>;
  errors?: { path: string; message: string }[];
}

/** A personal step with a wrong ZanID (8 digits) and no street: not valid, as a half-filled step is. */
const halfFilled = () => ({ ...personal(), zan_id: '19001234', street: undefined, first_name: 'Asha' });

describe.each(databaseKinds)('reopening one’s own draft and saving a step unfinished (%s)', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { kind });
  });
  afterEach(() => t.close());

  const save = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    post<Envelope<Reopened>>(t.app, SAVE, body, headers);
  const open = (reference: string, options: Parameters<typeof post>[4] = {}, headers: Record<string, string> = {}) =>
    post<Envelope<Reopened>>(t.app, OPEN, { reference_number: reference }, headers, options);

  async function repairDraft(): Promise<string> {
    const first = await save({ application_type: 'repair', step_number: 1, data: personal() });
    expect(first.status).toBe(200);
    const reference = first.body!.response.data.reference_number;
    const second = await save({
      application_type: 'repair',
      step_number: 2,
      data: sample('repair ok (no neighbours)'),
      reference_number: reference,
    });
    expect(second.status).toBe(200);
    return reference;
  }

  it('reopens the draft for the browser holding its cookie: answers, saved steps and the step to open', async () => {
    const reference = await repairDraft();
    const res = await open(reference);
    expect(res.status).toBe(200);
    const data = res.body!.response.data;
    expect(data.reference_number).toBe(reference);
    expect(data.application_type).toBe('repair');
    expect(Object.keys(data.data).sort()).toEqual(['personal', 'repair']);
    expect(data.data.personal!.first_name).toBe(personal().first_name);
    expect(data.step_number).toBe(3);
    expect(data.unfinished).toEqual({});
  });

  it('reads nothing for a reference number alone: 404 draft_not_found, as for an unknown number', async () => {
    const reference = await repairDraft();
    const alone = await open(reference, STRANGER);
    const unknown = await open('ZZZZZ-ZZZZZ', STRANGER);
    expect(alone.status).toBe(404);
    expect(alone.body!.response.message).toBe(api.en.draft_not_found);
    expect(unknown.status).toBe(404);
    expect(alone.body!.response).toEqual(unknown.body!.response);
    expect(JSON.stringify(alone.body)).not.toContain(personal().first_name as string);
  });

  it('refuses another browser’s cookie, and a forged one under the draft’s own name', async () => {
    const reference = await repairDraft();
    // Another browser, with a draft (and a cookie) of its own.
    const other = new Map<string, string>();
    const theirs = await post<Envelope<Reopened>>(
      t.app,
      SAVE,
      { application_type: 'repair', step_number: 1, data: personal() },
      {},
      { jar: other },
    );
    expect(theirs.status).toBe(200);
    expect((await open(reference, { jar: other })).status).toBe(404);
    // Their secret under the name of our draft's cookie.
    const [name] = [...draftJar(t.app)].find(([cookie]) => cookie.endsWith(reference.replace('-', '')))!;
    const forged = new Map([[name, [...other.values()][0]!]]);
    const res = await open(reference, { jar: forged });
    expect(res.status).toBe(404);
    expect(res.body!.response.message).toBe(api.en.draft_not_found);
    // Their own draft opens for them.
    expect((await open(theirs.body!.response.data.reference_number, { jar: other })).status).toBe(200);
  });

  it('answers in Swahili, and 409 already_submitted once the draft is no longer a draft', async () => {
    const reference = await repairDraft();
    await t.database.db
      .updateTable('application')
      .set({ status: 'submitted' })
      .where('reference_number', '=', reference.replace('-', ''))
      .execute();
    const res = await open(reference, {}, { 'accept-language': 'sw' });
    expect(res.status).toBe(409);
    expect(res.body!.response.message).toBe(api.sw.already_submitted);
  });

  it('Save & Complete Later of a half-filled first step creates the draft, keeps what was typed, unfinished', async () => {
    const typed = halfFilled();
    const valid = await save({ application_type: 'new', step_number: 1, data: typed });
    expect(valid.status).toBe(422); // as Save And Continue: not valid
    expect(await rowCount(t)).toBe(0);

    const res = await save({ application_type: 'new', step_number: 1, data: typed, unfinished: true });
    expect(res.status).toBe(200);
    const saved = res.body!.response.data as Reopened & { unfinished: unknown };
    expect(saved.reference_number).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(saved.unfinished).toBe(true);
    expect(saved.step_number).toBe(1);
    expect(res.headers['set-cookie']).toBeDefined();
    const row = await stored(t, saved.reference_number);
    expect(row.answers).toEqual({});
    expect((row.unfinished as Record<string, Record<string, unknown>>).personal!.zan_id).toBe('19001234');
    expect(row.step_number).toBe(0);

    const reopened = (await open(saved.reference_number)).body!.response.data;
    expect(reopened.data).toEqual({});
    const phone = await t.database.db
      .selectFrom('application')
      .select('phone')
      .where('reference_number', '=', saved.reference_number.replace('-', ''))
      .executeTakeFirstOrThrow();
    expect(phone.phone).toBeNull(); // an unfinished step gives no phone to send codes to
    expect(reopened.unfinished.personal).toMatchObject({ first_name: 'Asha', zan_id: '19001234' });
    expect(reopened.step_number).toBe(1);
    // No step after it can be kept while this one is unfinished.
    const next = await save({
      application_type: 'new',
      step_number: 2,
      data: { engineer_id: 'ZEB/1234' },
      reference_number: saved.reference_number,
      unfinished: true,
    });
    expect(next.status).toBe(409);
    expect(next.body!.response.message).toBe(api.en.step_out_of_order);
  });

  it('keeps a finished step as it was while its unfinished edit waits; Submit refuses until it is saved valid', async () => {
    const reference = await repairDraft();
    const later = await save({
      application_type: 'repair',
      step_number: 1,
      data: halfFilled(),
      reference_number: reference,
      unfinished: true,
    });
    expect(later.status).toBe(200);
    let row = await stored(t, reference);
    // The finished answers (and the phone codes go to) are untouched.
    expect((row.answers as Record<string, Record<string, unknown>>).personal).toEqual(
      expect.objectContaining({ first_name: personal().first_name }),
    );
    expect(row.phone).toBe(personal().phone);
    const revision = row.revision;

    // Continue in another browser (the code sent to the phone saved) shows what was typed there too.
    const started = await post<Envelope<{ challenge_id: string }>>(
      t.app,
      '/api/application/continue_application',
      { reference_number: reference },
      {},
      STRANGER,
    );
    expect(started.status).toBe(200);
    const sms = await t.database.db
      .selectFrom('sms_outbox')
      .select('message')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(sms.message.replace(reference, ''))![1]!;
    const continued = await post<Envelope<Reopened>>(
      t.app,
      '/api/application/verify_code',
      { challenge_id: started.body!.response.data.challenge_id, code },
      {},
      { jar: new Map() },
    );
    expect(continued.status).toBe(200);
    expect(continued.body!.response.data.unfinished.personal).toMatchObject({ first_name: 'Asha', zan_id: '19001234' });
    expect(continued.body!.response.data.data.personal!.first_name).toBe(personal().first_name);

    // Submit without answers for the unfinished step: refused on that step, nothing changes.
    const submit = await post<Envelope<Reopened>>(t.app, REPAIR, {
      data: { uploads: sample('uploads ok (empty)') },
      reference_number: reference,
      declaration: true,
    });
    expect(submit.status).toBe(422);
    expect(submit.body!.response.data.errors!.map((e) => e.path)).toContain('/personal');
    row = await stored(t, reference);
    expect(row.status).toBe('draft');
    expect(row.revision).toBe(revision);

    // Saved valid, the step is finished again and no longer unfinished.
    const fixed = await save({
      application_type: 'repair',
      step_number: 1,
      data: { ...personal(), first_name: 'Asha' },
      reference_number: reference,
    });
    expect(fixed.status).toBe(200);
    const reopened = (await open(reference)).body!.response.data;
    expect(reopened.unfinished).toEqual({});
    expect(reopened.data.personal!.first_name).toBe('Asha');
  });

  it('keeps unfinished answers bounded: too long, hidden characters and unknown drafts are refused, nothing kept', async () => {
    const reference = await repairDraft();
    const before = await stored(t, reference);
    const tooLong = await save({
      application_type: 'repair',
      step_number: 1,
      data: { ...halfFilled(), first_name: 'A'.repeat(101) },
      reference_number: reference,
      unfinished: true,
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body!.response.data.errors![0]!.path).toBe('/personal/first_name');
    const hidden = await save(
      {
        application_type: 'repair',
        step_number: 1,
        data: { ...halfFilled(), last_name: 'Makame\u202Egnp.exe' },
        reference_number: reference,
        unfinished: true,
      },
      { 'accept-language': 'sw' },
    );
    expect(hidden.status).toBe(422);
    expect(hidden.body!.response.data.errors![0]!.path).toBe('/personal/last_name');
    const stranger = await post<Envelope<Reopened>>(
      t.app,
      SAVE,
      { application_type: 'repair', step_number: 1, data: halfFilled(), reference_number: reference, unfinished: true },
      {},
      STRANGER,
    );
    expect(stranger.status).toBe(404);
    const after = await stored(t, reference);
    expect(after.revision).toBe(before.revision);
    expect(after.unfinished).toEqual({});
    expect(await rowCount(t)).toBe(1);
  });
});
