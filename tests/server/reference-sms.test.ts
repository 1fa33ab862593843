import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_REFERENCE_SMS_PER_PHONE_HOUR } from '../../src/server/applications/reference-sms';
import type { RequiredDocument, Splash } from '../../src/shared/reference-data';
import { api, call, personal, REPAIR, sample, SAVE, without } from './application-fixtures';
import { createTestApp, databaseKinds, post, uploadDocuments, type Envelope, type TestApp } from './helpers';

// The reference number by SMS (issue 17, item 4): one SMS after the first save, after Save & Complete
// Later and after Submit, in the applicant's language, with the number and where to go; none for the
// other saves. Written with the change (sms_message and its job), delivered to the outbox at once.

interface Sms {
  phone: string;
  message: string;
  purpose: string;
}

const fill = (text: string, reference: string) => text.replace('{{reference_number}}', reference);

describe.each(databaseKinds)('the reference number by SMS (%s)', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let normal: RequiredDocument[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-reference-sms-'));
    t = await createTestApp({ DEV_TOOLS: true, DATA_DIR: dataDir }, { kind });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    normal = (await post<Envelope<Splash>>(t.app, '/api/splash/get_splash', {})).body!.response.data.normal_attachments;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * The outbox's SMS to `phone`, oldest first, once every SMS written for it has had its first attempt
   * (made beside the save's answer, not before it).
   */
  const outboxTo = async (phone: string) => {
    await vi.waitFor(async () => {
      const waiting = await t.database.db
        .selectFrom('sms_message')
        .select('status')
        .where('phone', '=', phone)
        .where('status', 'in', ['queued', 'sending'])
        .execute();
      expect(waiting).toEqual([]);
    });
    return outboxNow(phone);
  };
  const outboxNow = async (phone: string) =>
    (await post<Envelope<Sms[]>>(t.app, '/api/dev/outbox', {}))
      .body!.response.data.filter((sms) => sms.phone === phone)
      .map(({ phone, message, purpose }) => ({ phone, message, purpose }))
      .reverse();
  /** A personal step with a phone of its own, so that each test reads only its own SMS. */
  let next = 0;
  const withPhone = () => ({ ...personal(), phone: `07771${String(++next).padStart(5, '0')}` });

  it('sends the reference number once after the first save, in English, and not after the next saves', async () => {
    const answers = withPhone();
    const first = await call(t, SAVE, { application_type: 'repair', step_number: 1, data: answers });
    expect(first.status).toBe(200);
    const reference = first.data.reference_number!;
    const sent = await outboxTo(answers.phone);
    expect(sent).toEqual([
      { phone: answers.phone, message: fill(api.en.sms_reference_saved!, reference), purpose: 'reference_first_save' },
    ]);
    expect(sent[0]!.message).toContain('/home/continue');
    // Nothing of the applicant but the number: no name, no ID number.
    for (const field of ['first_name', 'last_name', 'zan_id']) {
      expect(sent[0]!.message).not.toContain(String((answers as Record<string, unknown>)[field]));
    }
    // Save And Continue again (the same step, then the next): no further SMS.
    const again = { application_type: 'repair', step_number: 1, data: answers, reference_number: reference };
    expect((await call(t, SAVE, again)).status).toBe(200);
    const repair = { ...again, step_number: 2, data: sample('repair ok (affects neighbours)') };
    expect((await call(t, SAVE, repair)).status).toBe(200);
    expect(await outboxTo(answers.phone)).toHaveLength(1);
  });

  it('sends it after Save & Complete Later, in Swahili when the applicant uses Swahili', async () => {
    const answers = withPhone();
    const sw = { 'accept-language': 'sw' };
    const first = await call(t, SAVE, { application_type: 'repair', step_number: 1, data: answers }, sw);
    const reference = first.data.reference_number!;
    const later = await call(
      t,
      SAVE,
      {
        application_type: 'repair',
        step_number: 2,
        data: sample('repair ok (affects neighbours)'),
        reference_number: reference,
        save_later: true,
      },
      sw,
    );
    expect(later.status).toBe(200);
    expect((await outboxTo(answers.phone)).map((sms) => [sms.purpose, sms.message])).toEqual([
      ['reference_first_save', fill(api.sw.sms_reference_saved!, reference)],
      ['reference_saved_later', fill(api.sw.sms_reference_saved_later!, reference)],
    ]);
  });

  it('sends only the Save & Complete Later SMS when the first save is a Save & Complete Later', async () => {
    const answers = withPhone();
    const body = { application_type: 'repair', step_number: 1, data: answers, save_later: true };
    const reference = (await call(t, SAVE, body)).data.reference_number!;
    expect((await outboxTo(answers.phone)).map((sms) => [sms.purpose, sms.message])).toEqual([
      ['reference_saved_later', fill(api.en.sms_reference_saved_later!, reference)],
    ]);
  });

  it('sends it after Submit, saying how to follow the application in View', async () => {
    const answers = withPhone();
    const reference = (await call(t, SAVE, { application_type: 'repair', step_number: 1, data: answers })).data
      .reference_number!;
    const uploads = await uploadDocuments(t.app, reference, normal);
    const data = { personal: answers, repair: sample('repair ok (affects neighbours)'), uploads };
    const submitted = await call(t, REPAIR, { reference_number: reference, data });
    expect(submitted.status).toBe(200);
    const sent = await outboxTo(answers.phone);
    expect(sent.map((sms) => sms.purpose)).toEqual(['reference_first_save', 'reference_submitted']);
    expect(sent[1]!.message).toBe(fill(api.en.sms_reference_submitted!, reference));
    expect(sent[1]!.message).toContain('/home/login');
  });

  it('writes the SMS and its job with the draft: stored as delivered, its text no longer kept', async () => {
    const answers = withPhone();
    await call(t, SAVE, { application_type: 'repair', step_number: 1, data: answers });
    // Its first attempt runs beside the answer (the applicant does not wait on the gateway).
    await vi.waitFor(async () => {
      const rows = await t.database.db
        .selectFrom('sms_message')
        .select(['status', 'message', 'purpose'])
        .where('phone', '=', answers.phone)
        .execute();
      expect(rows).toEqual([{ status: 'sent', message: '', purpose: 'reference_first_save' }]);
    });
  });

  it('sends nothing for a save that is refused, and changes nothing', async () => {
    const answers = withPhone();
    const refused = await call(t, SAVE, {
      application_type: 'repair',
      step_number: 1,
      data: without(answers, 'first_name'),
    });
    expect(refused.status).toBe(422);
    expect(await outboxTo(answers.phone)).toEqual([]);
  });

  it('refuses a save_later that is not true or false before anything is saved', async () => {
    const answers = withPhone();
    const res = await call(t, SAVE, { application_type: 'repair', step_number: 1, data: answers, save_later: 'yes' });
    expect(res.status).toBe(400);
    expect(await outboxTo(answers.phone)).toEqual([]);
  });

  it('attack: drafts made with someone else’s phone send that phone at most a few SMS an hour', async () => {
    const answers = withPhone();
    for (let i = 0; i < MAX_REFERENCE_SMS_PER_PHONE_HOUR + 3; i++) {
      const res = await call(t, SAVE, { application_type: 'repair', step_number: 1, data: answers });
      expect(res.status).toBe(200); // the saves themselves are never refused for it
    }
    expect(await outboxTo(answers.phone)).toHaveLength(MAX_REFERENCE_SMS_PER_PHONE_HOUR);
  });
});
