import { afterEach, describe, expect, it } from 'vitest';
import { BY_REFERENCE_LIMIT, MESSAGE_LIMIT, NEW_DRAFT_LIMIT, RENEWAL_LIMIT } from '../../src/server/http/rate-limits';
import { SessionStore } from '../../src/server/sessions/session-store';
import { SESSION_COOKIE } from '../../src/server/sessions/session-cookie';
import { personal, SAVE } from '../server/application-fixtures';
import { createTestApp, type Envelope, type TestApp } from '../server/helpers';

/**
 * Quotas an attacker meets: new drafts and dashboard messages and renewals per client, and every call
 * naming a reference number per reference number, whoever makes it (many addresses, one number).
 * Before them, one client could make drafts, messages and renewals without end, and a guess at one
 * reference number could be spread over any number of addresses.
 */

const LIMITS = ['new_draft', 'by_reference', 'message', 'renewal'] as const;
/** The real numbers of these limits (createTestApp raises the draft ones for other tests). */
const real = { limits: Object.fromEntries(LIMITS.map((name) => [name, {}])) };

async function hit(t: TestApp, url: string, body: unknown, ip: string, cookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json<Envelope>() };
}

describe('quotas', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('attack: one client makes at most NEW_DRAFT_LIMIT drafts an hour; another client still can', async () => {
    t = await createTestApp({}, { rateLimits: real });
    const draft = { application_type: 'repair', step_number: 1, data: personal() };
    for (let i = 0; i < NEW_DRAFT_LIMIT.max; i++) expect((await hit(t, SAVE, draft, '198.51.100.1')).status).toBe(200);
    const refused = await hit(t, SAVE, draft, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(await t.database.db.selectFrom('application').select('id').execute()).toHaveLength(NEW_DRAFT_LIMIT.max);
    expect((await hit(t, SAVE, draft, '198.51.100.2')).status).toBe(200);
  });

  it('attack: calls naming one reference number from many addresses are counted against the number', async () => {
    t = await createTestApp({}, { rateLimits: { limits: { ...real.limits, sign_in: { max: 100_000 } } } });
    const reference = 'K7PQ2-M9XHT';
    const statuses: number[] = [];
    for (let i = 0; i <= BY_REFERENCE_LIMIT.max; i++) {
      const ip = `203.0.113.${i % 250}`;
      statuses.push(
        (await hit(t, '/api/application/continue_application', { reference_number: reference }, ip)).status,
      );
    }
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another number is not affected.
    const other = await hit(
      t,
      '/api/application/continue_application',
      { reference_number: 'K7PQ2-M9XHW' },
      '203.0.113.9',
    );
    expect(other.status).toBe(404);
  });

  it('attack: a signed-in client sends at most MESSAGE_LIMIT messages and RENEWAL_LIMIT renewal requests an hour', async () => {
    t = await createTestApp({}, { rateLimits: real });
    const first = await hit(t, SAVE, { application_type: 'repair', step_number: 1, data: personal() }, '198.51.100.3');
    expect(first.status).toBe(200);
    const { id } = await t.database.db.selectFrom('application').select('id').executeTakeFirstOrThrow();
    await t.database.db.updateTable('application').set({ status: 'submitted' }).execute();
    const { token } = await new SessionStore(t.database.db).create(id);
    const cookie = `${SESSION_COOKIE}=${token}`;
    const send = () => hit(t, '/api/dashboard/send_message', { message: 'Habari' }, '198.51.100.3', cookie);
    for (let i = 0; i < MESSAGE_LIMIT.max; i++) expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
    const messages = await t.database.db.selectFrom('applicant_message').select('id').execute();
    expect(messages).toHaveLength(MESSAGE_LIMIT.max);

    const renew = () =>
      hit(
        t,
        '/api/dashboard/renew_permit',
        { permit_number: 'ZDCU/1', type_of_work: 'Roof', reason: 'More time' },
        '198.51.100.3',
        cookie,
      );
    for (let i = 0; i < RENEWAL_LIMIT.max; i++) expect((await renew()).status).not.toBe(429);
    expect((await renew()).status).toBe(429);
  });
});
