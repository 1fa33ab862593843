import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engineer, Splash } from '../../src/shared/reference-data';
import { withSeededContacts } from '../fixtures/seeded-engineers';
import { ashaByPassport } from './application-fixtures';
import { createTestApp, databaseKinds, post, type TestApp } from './helpers';

interface OutboxMessage {
  phone: string;
  message: string;
  purpose: string;
}

const personal = ashaByPassport();

describe.each(databaseKinds)('engineer confirmation by SMS code (%s)', (kind) => {
  let t: TestApp;
  let engineer: Engineer;
  /** The draft the engineer is asked to confirm (made in this app's "browser"). */
  let reference_number = '';

  const data = <T>(answer: { body?: unknown }) => (answer.body as { response: { data: T } }).response.data;
  /**
   * The code in the newest SMS to the engineer's registry phone. Not simply the newest SMS: the
   * applicant's own (a new draft's reference number, to another phone) is delivered by the job runner
   * and may land after the engineer's code.
   */
  const latestCode = async () => {
    const messages = data<OutboxMessage[]>(await post(t.app, '/api/dev/outbox', {}));
    const toEngineer = messages.find((message) => message.phone === engineer.mobile);
    expect(toEngineer, 'an SMS to the engineer’s registry phone').toBeDefined();
    return /\b(\d{6})\b/.exec(toEngineer!.message)![1]!;
  };
  const send = (reference = reference_number) =>
    post(t.app, '/api/engineer/send_otp', { engineer_id: engineer.registration_number, reference_number: reference });
  const validate = (otp: string, reference = reference_number) =>
    post(t.app, '/api/engineer/validate_otp', {
      engineer_id: engineer.registration_number,
      otp,
      reference_number: reference,
    });
  const newDraft = async (first_name = 'Asha') =>
    data<{ reference_number: string }>(
      await post(t.app, '/api/application/save_and_continue', {
        application_type: 'new',
        step_number: 1,
        data: { ...personal, first_name },
      }),
    ).reference_number;
  const saveEngineer = (reference: string, token: string) =>
    post(t.app, '/api/application/save_and_continue', {
      application_type: 'new',
      step_number: 2,
      reference_number: reference,
      data: { engineer_id: engineer.registration_number, validation_token: token },
    });
  // Codes are rate-limited per engineer: move earlier sends back in time instead of waiting.
  const age = (seconds: number) =>
    sql`update one_time_code set created_at = created_at - make_interval(secs => ${seconds})`.execute(t.database.db);

  beforeEach(async () => {
    t = await createTestApp({ DEV_TOOLS: true }, { kind });
    engineer = withSeededContacts(data<Splash>(await post(t.app, '/api/splash/get_splash', {})).engineers[3]!);
    reference_number = await newDraft();
  });
  afterEach(() => t.close());

  it('sends a code to the registry phone, masked in the answer, never the code itself', async () => {
    const res = await send();
    expect(res.status).toBe(200);
    const answer = data<{ sent_to: string; expires_in_s: number; resend_after_s: number }>(res);
    expect(answer).toMatchObject({ expires_in_s: 600, resend_after_s: 60 });
    expect(answer.sent_to).toMatch(/^\+2557•••••\d{3}$/);
    expect(JSON.stringify(res.body)).not.toContain(await latestCode());
  });

  it('validates the right code once and gives a token the engineer step accepts', async () => {
    await send();
    const code = await latestCode();
    const res = await validate(code);
    expect(res.status).toBe(200);
    const { engineer: confirmed, validation_token } = data<{ engineer: { name: string }; validation_token: string }>(
      res,
    );
    expect(confirmed.name).toBe(engineer.name);
    expect((await validate(code)).status).toBe(422); // single use

    expect((await saveEngineer(reference_number, 'not-a-token')).status).toBe(422);
    expect((await saveEngineer(reference_number, validation_token)).status).toBe(200);
    // Saved again (a second visit of the step), the same confirmation still holds for its draft.
    expect((await saveEngineer(reference_number, validation_token)).status).toBe(200);
  });

  it('names the applicant and the application in the engineer’s SMS', async () => {
    await send();
    const messages = data<OutboxMessage[]>(await post(t.app, '/api/dev/outbox', {}));
    const toEngineer = messages.find((message) => message.phone === engineer.mobile);
    expect(toEngineer!.message).toContain('Asha Said');
    expect(toEngineer!.message).toContain(reference_number);
  });

  it('attack: one confirmation confirms its own draft alone, never a second application', async () => {
    const other = await newDraft('Bakari');
    await send();
    const { validation_token } = data<{ validation_token: string }>(await validate(await latestCode()));
    expect((await saveEngineer(other, validation_token)).status).toBe(422);
    expect((await saveEngineer(reference_number, validation_token)).status).toBe(200);
    expect((await saveEngineer(other, validation_token)).status).toBe(422);
    const stored = await t.database.db
      .selectFrom('application')
      .select('answers')
      .where('reference_number', '=', other.replace('-', ''))
      .executeTakeFirstOrThrow();
    expect(stored.answers.engineer).toBeUndefined();
  });

  it('attack: a stranger with only the reference number can neither send a code about the draft nor confirm it', async () => {
    const sent = await post(
      t.app,
      '/api/engineer/send_otp',
      { engineer_id: engineer.registration_number, reference_number },
      {},
      { asStranger: true },
    );
    expect(sent.status).toBe(404);
    const unknown = await post(
      t.app,
      '/api/engineer/send_otp',
      { engineer_id: engineer.registration_number, reference_number: 'ZZZZZ-ZZZZZ' },
      {},
      { asStranger: true },
    );
    expect(unknown.status).toBe(404);
    expect(sent.body).toEqual(unknown.body);
    // Only the applicant's own SMS with the reference number (after the first save) went.
    const outbox = data<OutboxMessage[]>(await post(t.app, '/api/dev/outbox', {}));
    expect(outbox.filter((sms) => sms.purpose !== 'reference_first_save')).toEqual([]);
    await send();
    const stolen = await post(
      t.app,
      '/api/engineer/validate_otp',
      { engineer_id: engineer.registration_number, otp: await latestCode(), reference_number },
      {},
      { asStranger: true },
    );
    expect(stolen.status).toBe(404);
  });

  it('refuses a wrong code, and every code after five wrong tries', async () => {
    await send();
    const code = await latestCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await validate(wrong)).status).toBe(422);
    expect((await validate(code)).status).toBe(422);
  });

  it('refuses an expired code', async () => {
    await send();
    const code = await latestCode();
    await sql`update one_time_code set expires_at = now() - interval '1 second'`.execute(t.database.db);
    expect((await validate(code)).status).toBe(422);
  });

  it('makes a resend wait 60 s and allows five sends an hour', async () => {
    expect((await send()).status).toBe(200);
    const early = await send();
    expect(early.status).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(data<{ retry_after_s: number }>(early).retry_after_s).toBeLessThanOrEqual(60);
    for (let i = 0; i < 4; i++) {
      await age(61);
      expect((await send()).status).toBe(200);
    }
    await age(61);
    expect((await send()).status).toBe(429);
  });

  it('knows no engineer by an unknown registration number, and refuses a malformed one', async () => {
    const sendFor = (engineer_id: string) => post(t.app, '/api/engineer/send_otp', { engineer_id, reference_number });
    expect((await sendFor('ZEB/0000')).status).toBe(404);
    expect((await sendFor('1; drop table engineer')).status).toBe(400);
  });
});

describe('the development outbox', () => {
  it('does not exist without DEV_TOOLS', async () => {
    const t = await createTestApp();
    try {
      expect((await post(t.app, '/api/dev/outbox', {})).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
