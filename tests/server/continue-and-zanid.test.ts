import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DemoIdentityRegistry, HttpIdentityRegistry } from '../../src/server/identity/identity-registry';
import { ashaByPassport } from './application-fixtures';
import { createTestApp, databaseKinds, post, type TestApp } from './helpers';

const data = <T>(answer: { body?: unknown }) => (answer.body as { response: { data: T } }).response.data;
const personal = ashaByPassport();

describe.each(databaseKinds)('continue a saved application with a code (%s)', (kind) => {
  let t: TestApp;
  let reference: string;
  const latestCode = async () => {
    const [latest] = data<{ phone: string; message: string }[]>(await post(t.app, '/api/dev/outbox', {}));
    expect(latest?.phone).toBe(personal.phone);
    return /\b(\d{6})\b/.exec(latest!.message)![1]!;
  };

  beforeEach(async () => {
    t = await createTestApp({ DEV_TOOLS: true }, { kind });
    const saved = await post(t.app, '/api/application/save_and_continue', {
      application_type: 'repair',
      step_number: 1,
      data: personal,
    });
    reference = data<{ reference_number: string }>(saved).reference_number;
  });
  afterEach(() => t.close());

  it('sends a code to the phone in the draft and opens the draft for it, once', async () => {
    const started = await post(t.app, '/api/application/continue_application', {
      reference_number: reference.toLowerCase(),
    });
    expect(started.status).toBe(200);
    const { challenge_id, sent_to } = data<{ challenge_id: string; sent_to: string }>(started);
    expect(sent_to).not.toContain('0777123456');
    const code = await latestCode();
    expect(JSON.stringify(started.body)).not.toContain(code);

    const opened = await post(t.app, '/api/application/verify_code', { challenge_id, code });
    expect(opened.status).toBe(200);
    expect(data(opened)).toEqual({
      reference_number: reference,
      application_type: 'repair',
      step_number: 2,
      data: { personal },
    });
    expect((await post(t.app, '/api/application/verify_code', { challenge_id, code })).status).toBe(422);
  });

  it('refuses a wrong code, an unknown challenge and an unknown reference number', async () => {
    const { challenge_id } = data<{ challenge_id: string }>(
      await post(t.app, '/api/application/continue_application', { reference_number: reference }),
    );
    const code = await latestCode();
    const wrong = code === '123456' ? '654321' : '123456';
    expect((await post(t.app, '/api/application/verify_code', { challenge_id, code: wrong })).status).toBe(422);
    expect((await post(t.app, '/api/application/verify_code', { challenge_id: 'nope', code })).status).toBe(422);
    expect(
      (await post(t.app, '/api/application/continue_application', { reference_number: 'ABCDE-FGHJK' })).status,
    ).toBe(404);
  });

  it('answers 409 for a submitted application', async () => {
    await t.database.db.updateTable('application').set({ status: 'submitted' }).execute();
    expect((await post(t.app, '/api/application/continue_application', { reference_number: reference })).status).toBe(
      409,
    );
  });
});

describe('verify_zanid with the demo registry', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('answers the fictional person of a known ZanID', async () => {
    const person = DemoIdentityRegistry.PEOPLE[0]!;
    const res = await post(t.app, '/api/application/verify_zanid', { zan_id: person.zan_id });
    expect(res.status).toBe(200);
    expect(data(res)).toEqual(person);
  });

  it('says clearly when the ZanID is unknown or malformed, in the chosen language', async () => {
    expect((await post(t.app, '/api/application/verify_zanid', { zan_id: '100000000' })).status).toBe(404);
    const malformed = await post(
      t.app,
      '/api/application/verify_zanid',
      { zan_id: '12ab' },
      { 'accept-language': 'sw' },
    );
    expect(malformed.status).toBe(422);
    expect(data<{ errors: { path: string; message: string }[] }>(malformed).errors[0]).toEqual({
      path: '/zan_id',
      message: 'ZanID ina tarakimu 9, kwa mfano 190012345.',
    });
  });
});

describe('the HTTP identity registry adapter, against a registry on loopback', () => {
  const registry = Fastify();
  let url = '';
  beforeAll(async () => {
    registry.post<{ Body: { zan_id: string } }>('/lookup', async (request, res) => {
      if (request.headers.authorization !== 'Bearer registry-token') return res.code(401).send({});
      if (request.body.zan_id === '555000111') return res.code(500).send({});
      if (request.body.zan_id !== '555000222') return res.code(404).send({});
      return {
        zan_id: '555000222',
        first_name: 'Rehema',
        middle_name: '',
        last_name: 'Ussi',
        date_of_birth: '1990-02-03',
        sex: 'F',
      };
    });
    url = `${await registry.listen({ port: 0, host: '127.0.0.1' })}/lookup`;
  });
  afterAll(() => registry.close());

  it('finds, does not find, and reports the registry down as 503', async () => {
    const t = await createTestApp({}, { identityRegistry: new HttpIdentityRegistry(url, 'registry-token') });
    try {
      const found = await post(t.app, '/api/application/verify_zanid', { zan_id: '555000222' });
      expect(data<{ first_name: string }>(found).first_name).toBe('Rehema');
      expect((await post(t.app, '/api/application/verify_zanid', { zan_id: '555000333' })).status).toBe(404);
      expect((await post(t.app, '/api/application/verify_zanid', { zan_id: '555000111' })).status).toBe(503);
    } finally {
      await t.close();
    }
  });
});
