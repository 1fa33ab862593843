import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, personal, REPAIR, SAVE, sample, stored } from '../server/application-fixtures';
import {
  createTestApp,
  databaseKinds,
  draftJar,
  post,
  TINY_PDF,
  uploadFile,
  type Envelope,
  type TestApp,
} from '../server/helpers';

/**
 * A reference number identifies a draft; it never authorizes. A stranger who knows (or saw on a screen,
 * an SMS or a shared phone) a draft's reference number tries every write of it, and every way of
 * turning it into a proof. Each attack succeeded before drafts had owners.
 */

type Data = { reference_number?: string; challenge_id?: string; phone_confirmation?: { challenge_id: string } };
const STRANGER = { asStranger: true } as const;
const UNKNOWN = 'ZZZZZ-ZZZZZ';

describe.each(databaseKinds)('a draft belongs to its applicant (%s)', (kind) => {
  let t: TestApp;
  let reference = '';

  const outbox = async () =>
    (await post<Envelope<{ phone: string; message: string }[]>>(t.app, '/api/dev/outbox', {})).body!.response.data;
  const codeIn = (message: string) => /\b(\d{6})\b/.exec(message.replace(reference, ''))![1]!;
  const snapshot = async () => {
    const row = await stored(t, reference);
    const attachments = await t.database.db.selectFrom('attachment').select('id').execute();
    return { answers: row.answers, revision: row.revision, status: row.status, phone: row.phone, attachments };
  };

  beforeEach(async () => {
    t = await createTestApp({ DEV_TOOLS: true }, { kind });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const first = await post<Envelope<Data>>(t.app, SAVE, {
      application_type: 'repair',
      step_number: 1,
      data: personal(),
    });
    expect(first.status).toBe(200);
    reference = first.body!.response.data.reference_number!;
  });
  afterEach(() => t.close());

  it('gives the browser that made the draft an HttpOnly, SameSite=Strict cookie of at least 128 bits, stored hashed', async () => {
    const [name, secret] = [...draftJar(t.app)][0]!;
    expect(name).toBe(`kibali_draft_${reference.replace('-', '')}`);
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(16);
    const keys = await t.database.db.selectFrom('draft_key').selectAll().execute();
    expect(keys).toHaveLength(1);
    expect(JSON.stringify(keys)).not.toContain(secret);
    const res = await post(t.app, SAVE, { application_type: 'repair', step_number: 1, data: personal() }, {}, STRANGER);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
  });

  it('a stranger with the reference number writes nothing, and is told what an unknown number is told', async () => {
    const before = await snapshot();
    const takeover = { ...personal(), phone: '+255 777 666 555' };
    const attempts = (ref: string) => [
      post(
        t.app,
        SAVE,
        { application_type: 'repair', step_number: 1, data: takeover, reference_number: ref },
        {},
        STRANGER,
      ),
      post(
        t.app,
        SAVE,
        {
          application_type: 'repair',
          step_number: 2,
          data: sample('repair ok (no neighbours)'),
          reference_number: ref,
        },
        {},
        STRANGER,
      ),
      post(t.app, REPAIR, { data: { personal: takeover }, reference_number: ref, declaration: true }, {}, STRANGER),
      post(
        t.app,
        '/api/application/save_final',
        { application_type: 'repair', data: {}, reference_number: ref, declaration: true },
        {},
        STRANGER,
      ),
      post(
        t.app,
        '/api/application/submit_application',
        { data: {}, reference_number: ref, declaration: true },
        {},
        STRANGER,
      ),
    ];
    const known = await Promise.all(attempts(reference));
    const unknown = await Promise.all(attempts(UNKNOWN));
    known.forEach((res, i) => {
      expect(res.status, `attempt ${i}`).toBe(404);
      expect(res.body, `attempt ${i}`).toEqual(unknown[i]!.body);
      expect(res.body?.response.message).toBe(api.en.draft_not_found);
    });
    const upload = await uploadFile(
      t.app,
      { reference_number: reference, document_type: 'sheha_letter' },
      TINY_PDF,
      'a.pdf',
      STRANGER,
    );
    const uploadUnknown = await uploadFile(
      t.app,
      { reference_number: UNKNOWN, document_type: 'sheha_letter' },
      TINY_PDF,
      'a.pdf',
      STRANGER,
    );
    expect(upload.status).toBe(404);
    expect(upload.body).toEqual(uploadUnknown.body);
    expect(await snapshot()).toEqual(before);
  });

  it('a forged secret, another draft’s secret under this draft’s name, or any spelling of the number proves nothing', async () => {
    const before = await snapshot();
    const myJar = new Map<string, string>();
    await post(t.app, SAVE, { application_type: 'repair', step_number: 1, data: personal() }, {}, { jar: myJar });
    const mySecret = [...myJar.values()][0]!;
    const name = `kibali_draft_${reference.replace('-', '')}`;
    for (const secret of [randomBytes(32).toString('base64url'), mySecret, 'x', '']) {
      for (const spelling of [reference, reference.toLowerCase(), reference.replace('-', ' ')]) {
        const res = await post(
          t.app,
          SAVE,
          { application_type: 'repair', step_number: 1, data: personal(), reference_number: spelling },
          { cookie: `${name}=${secret}` },
          STRANGER,
        );
        expect(res.status, `${secret} ${spelling}`).toBe(404);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the owner writes; Continue with the code sent to the draft’s phone makes another browser an owner too', async () => {
    const saved = await post(t.app, SAVE, {
      application_type: 'repair',
      step_number: 2,
      data: sample('repair ok (no neighbours)'),
      reference_number: reference,
    });
    expect(saved.status).toBe(200);
    const other = new Map<string, string>();
    const started = await post<Envelope<Data>>(
      t.app,
      '/api/application/continue_application',
      { reference_number: reference },
      {},
      { jar: other },
    );
    const [sms] = await outbox();
    expect(sms!.phone).toBe(personal().phone);
    const opened = await post(
      t.app,
      '/api/application/verify_code',
      { challenge_id: started.body!.response.data.challenge_id, code: codeIn(sms!.message) },
      {},
      { jar: other },
    );
    expect(opened.status).toBe(200);
    expect(other.size).toBe(1);
    const again = await post(
      t.app,
      SAVE,
      {
        application_type: 'repair',
        step_number: 2,
        data: sample('repair ok (no neighbours)'),
        reference_number: reference,
      },
      {},
      { jar: other },
    );
    expect(again.status).toBe(200);
  });

  it('changing the phone takes a code sent to the new number, and the old number is told', async () => {
    const newPhone = '+255677999888';
    const change = {
      application_type: 'repair',
      step_number: 1,
      data: { ...personal(), phone: newPhone },
      reference_number: reference,
    };
    const asked = await post<Envelope<Data>>(t.app, SAVE, change);
    expect(asked.status).toBe(409);
    expect((await stored(t, reference)).phone).toBe(personal().phone);
    const [toNew] = await outbox();
    expect(toNew!.phone).toBe(newPhone);
    const challenge_id = asked.body!.response.data.phone_confirmation!.challenge_id;
    const wrong = codeIn(toNew!.message) === '000000' ? '111111' : '000000';
    expect((await post(t.app, SAVE, { ...change, phone_code: { challenge_id, code: wrong } })).status).toBe(422);
    expect((await stored(t, reference)).phone).toBe(personal().phone);
    const done = await post(t.app, SAVE, { ...change, phone_code: { challenge_id, code: codeIn(toNew!.message) } });
    expect(done.status).toBe(200);
    expect((await stored(t, reference)).phone).toBe(newPhone);
    const [toOld] = await outbox();
    expect(toOld!.phone).toBe(personal().phone);
    expect(toOld!.message).toContain(reference);
    expect(toOld!.message).not.toMatch(/\d{6}/);
  });

  it('a submitted application is not told from an unknown one either', async () => {
    await post(t.app, SAVE, {
      application_type: 'repair',
      step_number: 2,
      data: sample('repair ok (no neighbours)'),
      reference_number: reference,
    });
    await t.database.db.updateTable('application').set({ status: 'submitted' }).execute();
    const res = await post(
      t.app,
      SAVE,
      { application_type: 'repair', step_number: 1, data: personal(), reference_number: reference },
      {},
      STRANGER,
    );
    const unknown = await post(
      t.app,
      SAVE,
      { application_type: 'repair', step_number: 1, data: personal(), reference_number: UNKNOWN },
      {},
      STRANGER,
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual(unknown.body);
  });
});

describe('the draft cookie in production', () => {
  it('is __Host- prefixed, Secure and for the whole host', async () => {
    const t = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await post(t.app, SAVE, { application_type: 'repair', step_number: 1, data: personal() });
      expect(res.status).toBe(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-kibali_draft_[2-9A-Z]{10}=/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
    } finally {
      await t.close();
    }
  });
});
