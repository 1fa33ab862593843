import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/shared/api/conversation';
import { createTestApp, databaseKinds, post, type Envelope, type TestApp } from './helpers';
import en from '../../locales/en/api.json';
import { applicationIn, dashboardCall, newPerson, signIn } from './signed-in-fixtures';

const api = { en };
const TOKEN = 'staff-token-for-the-conversation-tests-0123456789';

/** Issue 17, item 11: the applicant's messages and the unit's answers, as one conversation, newest last. */
describe.each(databaseKinds)('the conversation (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: TOKEN }, { kind });
  }, 180_000);
  afterAll(() => t?.close());

  const staff = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    post<Envelope<Record<string, unknown>>>(t.app, `/api/staff/${path}`, body, {
      authorization: `Bearer ${TOKEN}`,
      ...headers,
    });

  it('shows what the applicant sent and the unit answered, oldest first, with who and when', async () => {
    const person = newPerson('0550');
    const app = await applicationIn(t, person, 'under_review');
    const cookie = await signIn(t, app.reference, person.phone);
    const first = await dashboardCall<{ message_id: string }>(t, 'send_message', cookie, {
      subject: 'Plot boundary',
      message: 'Which survey plan do you need?',
    });
    expect(first.status).toBe(200);
    const second = await dashboardCall(t, 'send_message', cookie, { message: 'I have uploaded it now.' });
    expect(second.status).toBe(200);

    const listed = await staff('list_messages', { reference_number: app.reference });
    const items = (listed.body!.response.data as { items: { message_id: string; message: string }[] }).items;
    const asked = items.find((m) => m.message === 'Which survey plan do you need?')!;
    const answered = await staff('answer_message', {
      message_id: asked.message_id,
      message: 'The one signed by the Commission for Lands, please.',
      by: 'Mwanaidi Hassan',
    });
    expect(answered.status).toBe(200);
    expect(answered.body!.response.data).toMatchObject({ reference_number: app.reference });
    // The applicant is told, by SMS (in the language last used) and on the dashboard.
    const sms = await t.database.db
      .selectFrom('sms_outbox')
      .select(['message', 'purpose'])
      .where('phone', '=', person.phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sms.purpose).toBe('notice');
    expect(sms.message).toContain(app.reference);
    expect(sms.message).toContain(api.en.notices.message_answered.title);
    const notices = await dashboardCall<{ title: string; message: string }[]>(t, 'get_notifications', cookie);
    expect(notices.body!.response.data.map((n) => n.message)).toContain(
      api.en.notices.message_answered.message.replace('{{reference_number}}', app.reference),
    );

    const conversation = await dashboardCall<Conversation>(t, 'get_messages', cookie);
    expect(conversation.status).toBe(200);
    const messages = conversation.body!.response.data;
    expect(messages.map((m) => [m.from, m.by, m.message])).toEqual([
      ['applicant', null, 'Which survey plan do you need?'],
      ['applicant', null, 'I have uploaded it now.'],
      ['unit', 'Mwanaidi Hassan', 'The one signed by the Commission for Lands, please.'],
    ]);
    expect(messages[0]!.subject).toBe('Plot boundary');
    expect(messages[2]!.in_reply_to).toBe(asked.message_id);
    const times = messages.map((m) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Another applicant's session sees none of it.
    const other = newPerson('0551');
    const theirs = await applicationIn(t, other, 'submitted');
    const otherCookie = await signIn(t, theirs.reference, other.phone);
    const foreign = await dashboardCall<Conversation>(t, 'get_messages', otherCookie);
    expect(foreign.body!.response.data).toEqual([]);
  });

  it('attack: without a session the conversation is not read (401)', async () => {
    expect((await dashboardCall(t, 'get_messages', undefined)).status).toBe(401);
  });

  it('refuses an answer to an unknown message (404), from the token without a name (422) or with hidden characters (422)', async () => {
    const unknown = await staff('answer_message', { message_id: 'no-such-message', message: 'Hello', by: 'Staff' });
    expect(unknown.status).toBe(404);
    // The integration's token speaks for a person of its own system: it names them (a staff session signs itself).
    const nameless = await staff('answer_message', { message_id: 'x', message: 'Hello' });
    expect(nameless.status).toBe(422);
    expect((nameless.body!.response.data as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(['/by']);
    const person = newPerson('0552');
    const app = await applicationIn(t, person, 'submitted');
    const cookie = await signIn(t, app.reference, person.phone);
    await dashboardCall(t, 'send_message', cookie, { message: 'A question' });
    const listed = await staff('list_messages', { reference_number: app.reference });
    const id = (listed.body!.response.data as { items: { message_id: string }[] }).items[0]!.message_id;
    const hidden = await staff(
      'answer_message',
      { message_id: id, message: 'Pay to \u202E0987', by: 'Staff' },
      { 'accept-language': 'sw' },
    );
    expect(hidden.status).toBe(422);
    const blank = await staff('answer_message', { message_id: id, message: '   ', by: 'Staff' });
    expect(blank.status).toBe(422);
    const conversation = await dashboardCall<Conversation>(t, 'get_messages', cookie);
    expect(conversation.body!.response.data.map((m) => m.from)).toEqual(['applicant']);
  });

  it('lists the unit’s inbox with the messages nobody answered first, and who answered the others, when', async () => {
    const person = newPerson('0553');
    const app = await applicationIn(t, person, 'under_review');
    const cookie = await signIn(t, app.reference, person.phone);
    for (const message of ['First question', 'Second question', 'Third question'])
      expect((await dashboardCall(t, 'send_message', cookie, { message })).status).toBe(200);
    type Item = { message_id: string; message: string; answered_at: string | null; answered_by: string | null };
    const inbox = async () =>
      ((await staff('list_messages', { reference_number: app.reference })).body!.response.data as { items: Item[] })
        .items;
    const before = await inbox();
    expect(before.map((m) => m.message)).toEqual(['Third question', 'Second question', 'First question']);
    expect(before.every((m) => m.answered_at === null && m.answered_by === null)).toBe(true);
    // The newest answered: it goes below the two still waiting.
    const third = before[0]!;
    expect(
      (await staff('answer_message', { message_id: third.message_id, message: 'Yes.', by: 'Zawadi' })).status,
    ).toBe(200);
    const after = await inbox();
    expect(after.map((m) => m.message)).toEqual(['Second question', 'First question', 'Third question']);
    expect(after[2]).toMatchObject({ answered_by: 'Zawadi', answered_at: expect.any(String) });
    expect(after.slice(0, 2).every((m) => m.answered_at === null)).toBe(true);
  });
});
