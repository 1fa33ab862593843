import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { inboundSms, type InboundSmsAnswer } from '../../src/shared/api/inbound-sms';
import { MAX_REPLIES_PER_PHONE } from '../../src/server/inbound-sms/inbound-sms-service';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';
import { fakeDate } from './fake-clock';

const TOKEN = 'inbound-gateway-token-0123456789abcdef';
const GATEWAY = { authorization: `Bearer ${TOKEN}` };
/** The applicant's phone as the application saved it, and the same phone as the gateway writes it. */
const SAVED_PHONE = '+255 777 123 456';
const FROM_APPLICANT = '255777123456';
const STRANGER = '+255 688 000 111';
const REFERENCE = 'K7PQ2M9XHT';
const PER_HOUR = MAX_REPLIES_PER_PHONE[0].max;

describe.each(databaseKinds)('status by SMS for feature phones (%s)', (kind) => {
  let t: TestApp;
  let serial = 0;

  // One app for the file (a new one costs seconds here); each test starts from no applications and no texts.
  beforeAll(async () => {
    t = await createTestApp({ SMS_INBOUND_TOKEN: TOKEN }, { kind });
  }, 120_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    for (const table of [
      'invoice',
      'change_round',
      'application',
      'inbound_sms',
      'sms_message',
      'sms_outbox',
    ] as const) {
      await t.database.db.deleteFrom(table).execute();
    }
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const inbound = (from: string, text: string, headers: Record<string, string> = GATEWAY, messageId?: string) =>
    post<Envelope<InboundSmsAnswer>>(
      t.app,
      inboundSms.path,
      { message_id: messageId ?? `gw-${++serial}`, from, text },
      headers,
      { asStranger: true },
    );
  const outbox = () =>
    t.database.db.selectFrom('sms_outbox').select(['phone', 'message', 'purpose']).orderBy('id').execute();
  const lastText = async () => (await outbox()).at(-1)!;

  async function application(reference: string, status: string, language = 'en', phone = SAVED_PHONE) {
    const { rows } = await sql<{ id: number }>`
      insert into application (reference_number, application_type, status, phone, language, submitted_at)
      values (${reference}, 'repair', ${status}, ${phone}, ${language}, now()) returning id`.execute(t.database.db);
    return rows[0]!.id;
  }

  async function invoice(applicationId: number, amount: number, control: string, due: string, paid = false, part = 0) {
    await sql`insert into invoice (id, application_id, description, amount_tzs, control_number, due_date, paid_at, paid_tzs)
      values (${`inv-${control}`}, ${applicationId}, 'Permit fee', ${amount}, ${control}, ${due},
        ${paid ? new Date() : null}, ${part})`.execute(t.database.db);
  }

  it('answers HALI from the phone on file in Swahili: the status and each unpaid invoice with its control number', async () => {
    const id = await application(REFERENCE, 'under_review', 'en');
    // Partly paid: 50,000 of 200,000 received, so 150,000 is what is still to pay.
    await invoice(id, 200000, '991234567890', '2026-12-15', false, 50000);
    await invoice(id, 20000, '991234500000', '2026-12-01', true);

    const answer = await inbound(FROM_APPLICANT, 'HALI K7PQ2-M9XHT');

    expect(answer.status).toBe(200);
    expect(answer.body!.response.data).toEqual({ duplicate: false, replied: true });
    const sms = await lastText();
    // To the phone as saved in the application, in the keyword's language (not the application's).
    expect(sms.phone).toBe(SAVED_PHONE);
    expect(sms.purpose).toBe('status_reply');
    expect(sms.message).toContain('K7PQ2-M9XHT');
    expect(sms.message).toContain('Yanakaguliwa');
    expect(sms.message).toContain('Kiasi kilichobaki: TZS 150,000');
    expect(sms.message).not.toContain('200,000');
    expect(sms.message).toContain('namba ya malipo 991234567890');
    expect(sms.message).toContain('15 Desemba 2026');
    // The paid invoice is not pending.
    expect(sms.message).not.toContain('991234500000');
    expect(sms.message).toMatch(/^[\x20-\x7e]+$/);
    expect(sms.message.length).toBeLessThanOrEqual(306);
  });

  it('answers STATUS in English, whatever the case, spacing, dash or phone format', async () => {
    const id = await application(REFERENCE, 'approved', 'sw');
    await invoice(id, 2500000, '994400112233', '2027-01-05');

    for (const [from, text] of [
      ['0777123456', '  status   k7pq2 m9xht. '],
      ['+255777123456', 'Status:K7PQ2M9XHT'],
      ['255 777 123 456', 'STATUS K7PQ2-M9XHT'],
    ] as const) {
      const answer = await inbound(from, text);
      expect(answer.body!.response.data.replied).toBe(true);
      const sms = await lastText();
      expect(sms.phone).toBe(SAVED_PHONE);
      expect(sms.message).toBe(
        'Kibali K7PQ2-M9XHT: Approved. Still to pay: TZS 2,500,000, control number 994400112233, due 5 January 2027.',
      );
    }
  });

  it('tells a returned application its open requests for changes and their deadline, before what is to pay', async () => {
    const id = await application(REFERENCE, 'returned', 'sw');
    const requests = [
      { kind: 'step', step: 'repair', remark: 'Describe the repair.' },
      { kind: 'document', document_type: 'site_plan', action: 'replace', remark: 'Unreadable.' },
    ];
    await sql`insert into change_round (application_id, number, status, requests, remark, due_date)
      values (${id}, 1, 'open', ${JSON.stringify(requests)}::jsonb, 'Please fix', '2026-12-10')`.execute(t.database.db);
    await invoice(id, 50000, '991100220033', '2026-12-20');

    await inbound(FROM_APPLICANT, 'STATUS K7PQ2-M9XHT');
    expect((await lastText()).message).toBe(
      'Kibali K7PQ2-M9XHT: Returned for changes. Changes requested: 2, deadline 10 December 2026. ' +
        'Sign in with View to answer them. Still to pay: TZS 50,000, control number 991100220033, due 20 December 2026.',
    );
    await inbound(FROM_APPLICANT, 'HALI K7PQ2-M9XHT');
    expect((await lastText()).message).toContain('Marekebisho yaliyoombwa: 2, tarehe ya mwisho 10 Desemba 2026.');

    // Once the round is answered (resubmitted), nothing is asked any more.
    await sql`update change_round set status = 'resubmitted' where application_id = ${id}`.execute(t.database.db);
    await sql`update application set status = 'submitted' where id = ${id}`.execute(t.database.db);
    await inbound(FROM_APPLICANT, 'STATUS K7PQ2-M9XHT');
    expect((await lastText()).message).not.toContain('Changes requested');
  });

  it('answers a bare reference number in the language of the application', async () => {
    await application(REFERENCE, 'permit_issued', 'sw');
    await inbound(FROM_APPLICANT, 'k7pq2-m9xht');
    expect((await lastText()).message).toBe('Kibali K7PQ2-M9XHT: Kibali kimetolewa.');
  });

  it('tells another phone nothing: the same neutral answer as for a reference number that does not exist', async () => {
    const id = await application(REFERENCE, 'under_review');
    await invoice(id, 150000, '991234567890', '2026-12-15');

    const wrongPhone = await inbound(STRANGER, 'STATUS K7PQ2-M9XHT');
    const wrongPhoneSms = await lastText();
    const unknown = await inbound(STRANGER, 'STATUS AMK7Q-4MXPR');
    const unknownSms = await lastText();

    expect(wrongPhone.body!.response.data).toEqual(unknown.body!.response.data);
    expect(wrongPhoneSms.phone).toBe('+255688000111');
    for (const sms of [wrongPhoneSms, unknownSms]) {
      expect(sms.purpose).toBe('status_unknown');
      expect(sms.message).not.toMatch(/review|991234567890|150,000|Still to pay/i);
    }
    // Word for word the same, but for the number the sender typed.
    expect(wrongPhoneSms.message.replace('K7PQ2-M9XHT', '#')).toBe(unknownSms.message.replace('AMK7Q-4MXPR', '#'));
    // Nothing went to the applicant's phone.
    expect((await outbox()).filter((sms) => sms.phone === SAVED_PHONE)).toEqual([]);
  });

  it('answers the neutral text in both languages to a bare reference number from another phone', async () => {
    await application(REFERENCE, 'under_review', 'sw');
    await inbound(STRANGER, 'K7PQ2M9XHT');
    const sms = await lastText();
    expect(sms.message).toContain('hakuna hali');
    expect(sms.message).toContain('no status');
    expect(sms.message).not.toContain('Yanakaguliwa');
  });

  it('refuses a missing or wrong gateway token with 401 and does nothing', async () => {
    await application(REFERENCE, 'under_review');
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-wrong-token-wrong-token' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const answer = await inbound(FROM_APPLICANT, 'STATUS K7PQ2-M9XHT', headers);
      expect(answer.status).toBe(401);
      expect(answer.body!.response.code).toBe(401);
    }
    expect(await outbox()).toEqual([]);
    expect(await t.database.db.selectFrom('inbound_sms').selectAll().execute()).toEqual([]);
  });

  it('refuses every call when no gateway token is configured', async () => {
    const open = await createTestApp({}, { kind });
    try {
      const answer = await post(
        open.app,
        inboundSms.path,
        { message_id: 'x1', from: FROM_APPLICANT, text: 'HALI K7PQ2-M9XHT' },
        { authorization: 'Bearer ' },
        { asStranger: true },
      );
      expect(answer.status).toBe(401);
      expect(await open.database.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
    } finally {
      await open.close();
    }
  });

  it('refuses a malformed body with 400 and changes nothing', async () => {
    for (const body of [
      { from: FROM_APPLICANT, text: 'HALI K7PQ2-M9XHT' },
      { message_id: 'a b', from: FROM_APPLICANT, text: 'HALI' },
      { message_id: 'm1', from: 'not a phone', text: 'HALI' },
      { message_id: 'm2', from: FROM_APPLICANT, text: 'x'.repeat(481) },
    ]) {
      const answer = await post(t.app, inboundSms.path, body, GATEWAY, { asStranger: true });
      expect(answer.status).toBe(400);
    }
    expect(await outbox()).toEqual([]);
  });

  it('answers the same message id once', async () => {
    await application(REFERENCE, 'under_review');
    const first = await inbound(FROM_APPLICANT, 'HALI K7PQ2-M9XHT', GATEWAY, 'gw-same');
    const again = await inbound(FROM_APPLICANT, 'HALI K7PQ2-M9XHT', GATEWAY, 'gw-same');
    expect(first.body!.response.data).toEqual({ duplicate: false, replied: true });
    expect(again.status).toBe(200);
    expect(again.body!.response.data).toEqual({ duplicate: true, replied: false });
    expect(await outbox()).toHaveLength(1);
  });

  it('answers a text that is no command with a short help in both languages', async () => {
    for (const text of ['habari', '', 'HALI', 'STATUS 12345', 'Hali yangu?']) {
      const answer = await inbound(STRANGER, text);
      expect(answer.body!.response.data.replied).toBe(true);
      const sms = await lastText();
      expect(sms.purpose).toBe('status_help');
      expect(sms.message).toContain('HALI');
      expect(sms.message).toContain('STATUS');
      expect(sms.message.length).toBeLessThanOrEqual(160);
      expect(sms.message).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('answers a phone at most a few times an hour, however many reference numbers it tries', async () => {
    fakeDate(new Date('2026-12-01T08:00:00Z'));
    await application(REFERENCE, 'under_review');
    const guesses = ['AMK7Q4MXPR', 'BMK7Q4MXPR', 'CMK7Q4MXPR', 'DMK7Q4MXPR', 'EMK7Q4MXPR', 'FMK7Q4MXPR', 'GMK7Q4MXPR'];
    const replied: boolean[] = [];
    for (const guess of guesses) replied.push((await inbound(STRANGER, `STATUS ${guess}`)).body!.response.data.replied);
    expect(replied).toEqual(guesses.map((_, i) => i < PER_HOUR));
    expect((await outbox()).filter((sms) => sms.phone === '+255688000111')).toHaveLength(PER_HOUR);
    // The limit is the phone's: the applicant still gets an answer.
    expect((await inbound(FROM_APPLICANT, 'HALI K7PQ2-M9XHT')).body!.response.data.replied).toBe(true);
    // Help counts too.
    expect((await inbound(STRANGER, 'hello')).body!.response.data.replied).toBe(false);

    vi.setSystemTime(new Date('2026-12-01T09:00:01Z'));
    expect((await inbound(STRANGER, 'STATUS HMK7Q4MXPR')).body!.response.data.replied).toBe(true);
  });

  it('does not answer a number that is not a Tanzanian mobile', async () => {
    await application(REFERENCE, 'under_review');
    const answer = await inbound('+44 20 7946 0000', 'STATUS K7PQ2-M9XHT');
    expect(answer.body!.response.data).toEqual({ duplicate: false, replied: false });
    expect(await outbox()).toEqual([]);
  });
});
