import { beforeEach, describe, expect, it } from 'vitest';
import { makeHandlers, MOCK_DELAY_MS } from '../../src/client/mocks/handlers';
import { MOCK_CODE } from '../../src/client/mocks/wizard-handlers';
import type { Envelope } from '../../src/shared/envelope';
import type { FormsDocument } from '../../src/shared/forms';
import { server } from './msw-server';

/**
 * A call to the mock backend as a browser makes it, with how long the answer took. Timers count whole
 * milliseconds, so a 500 ms delay can measure 499.x ms: the lower bounds below allow that 1 ms.
 */
async function post(path: string, body: unknown) {
  const started = performance.now();
  const response = await fetch(`/api${path}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<Record<string, unknown>>;
  return { status: response.status, ...envelope.response, elapsed: performance.now() - started };
}

// Fresh stub users and the spec's real 500 ms delay (section 9) for every test.
beforeEach(() => server.use(...makeHandlers()));

describe('the mock backend for stub users (spec section 7)', () => {
  it("has the spec's delay of 500 ms", () => {
    expect(MOCK_DELAY_MS).toBe(500);
  });

  it('authenticates a known user with a token, after the delay', async () => {
    const answer = await post('/users/authenticate', { username: 'test', password: 'test' });

    expect(answer.status).toBe(200);
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({
      id: 1,
      username: 'test',
      firstName: 'Test',
      lastName: 'User',
      token: expect.stringMatching(/\S+/),
    });
    expect(answer.data).not.toHaveProperty('password');
    expect(answer.elapsed).toBeGreaterThanOrEqual(MOCK_DELAY_MS - 1);
  });

  it('refuses an unknown user with 400 "Username doesn\'t exist", after the delay', async () => {
    const answer = await post('/users/authenticate', { username: 'nobody', password: 'secret' });

    expect(answer.status).toBe(400);
    expect(answer.code).toBe(400);
    expect(answer.message).toBe("Username doesn't exist");
    expect(answer.data).not.toHaveProperty('token');
    expect(answer.elapsed).toBeGreaterThanOrEqual(MOCK_DELAY_MS - 1);
  });

  it('refuses a wrong password without a token', async () => {
    const answer = await post('/users/authenticate', { username: 'test', password: 'wrong' });

    expect(answer.status).toBe(400);
    expect(answer.data).not.toHaveProperty('token');
  });

  it('refuses to register a taken username with 400 "Username test is already taken"', async () => {
    const answer = await post('/users/register', {
      username: 'test',
      password: 'other',
      firstName: 'Other',
      lastName: 'Person',
    });

    expect(answer.status).toBe(400);
    expect(answer.code).toBe(400);
    expect(answer.message).toBe('Username test is already taken');
    expect(answer.elapsed).toBeGreaterThanOrEqual(MOCK_DELAY_MS - 1);
  });

  it('registers a new user, who can then authenticate, and whose name is then taken', async () => {
    const registered = await post('/users/register', {
      username: 'asha',
      password: 'pa55word',
      firstName: 'Asha',
      lastName: 'Juma',
    });
    expect(registered.code).toBe(200);
    expect(registered.elapsed).toBeGreaterThanOrEqual(MOCK_DELAY_MS - 1);

    const signedIn = await post('/users/authenticate', { username: 'asha', password: 'pa55word' });
    expect(signedIn.code).toBe(200);
    expect(signedIn.data).toMatchObject({ id: 2, username: 'asha', firstName: 'Asha', lastName: 'Juma' });
    expect(signedIn.data.token).toEqual(expect.any(String));
    expect(signedIn.data.token).not.toBe('');

    const again = await post('/users/register', { username: 'asha', password: 'x', firstName: 'A', lastName: 'J' });
    expect(again.message).toBe('Username asha is already taken');
  });

  it('starts each set of handlers with only the stub user', async () => {
    await post('/users/register', { username: 'khamis', password: 'k', firstName: 'Khamis', lastName: 'Ali' });
    server.use(...makeHandlers());

    const answer = await post('/users/authenticate', { username: 'khamis', password: 'k' });
    expect(answer.message).toBe("Username doesn't exist");
  });
});

describe('the mock backend of the wizard (npm run dev:mock)', () => {
  beforeEach(() => server.use(...makeHandlers({ delayMs: 0 })));

  it('serves the real forms, with reference lists bound to the mock splash ids', async () => {
    const forms = await post('/forms/get_forms', {});
    const data = forms.data as { steps: Record<string, { schema: unknown }>; flows: Record<string, string[]> };
    expect(data.flows.repair).toEqual(['personal', 'repair', 'uploads']);
    expect(Object.keys(data.steps)).toContain('construction_details');
    expect(JSON.stringify(data.steps.construction_details!.schema)).toMatch(/"x-reference":"rooms","enum":\[1,/);
  });

  it('serves the uploads step as the server does: one entry per document of documents.json, a scale per drawing', async () => {
    const forms = await post('/forms/get_forms', {});
    const data = forms.data as unknown as FormsDocument;
    const uploads = data.steps.uploads!.schema.properties as Record<string, { properties: Record<string, unknown> }>;
    expect(Object.keys(uploads.documents!.properties)).toEqual(data.documents.map((d) => d.id));
    expect(Object.keys(uploads.scales!.properties)).toEqual(
      data.documents.filter((d) => d.drawing_scale).map((d) => d.id),
    );
    expect((data.texts.sw.documents as Record<string, { name: string }>).sheha_letter!.name).toBe('Barua ya Sheha');
  });

  it('saves a draft, continues it with the mock code, and submits it once', async () => {
    const personal = { identification_type: 'passport', passport_number: 'AB123456', first_name: 'Asha' };
    const saved = await post('/application/save_and_continue', {
      application_type: 'repair',
      step_number: 1,
      data: personal,
    });
    expect(saved.code).toBe(200);
    const reference = (saved.data as { reference_number: string }).reference_number;
    expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);

    const started = await post('/application/continue_application', { reference_number: reference.toLowerCase() });
    const challenge = (started.data as { challenge_id: string }).challenge_id;
    expect((await post('/application/verify_code', { challenge_id: challenge, code: '000000' })).code).toBe(422);
    const opened = await post('/application/verify_code', { challenge_id: challenge, code: MOCK_CODE });
    expect(opened.data).toEqual({
      reference_number: reference,
      application_type: 'repair',
      step_number: 2,
      data: { personal },
    });

    const undeclared = await post('/application/submit_application', { reference_number: reference, data: {} });
    expect(undeclared.code).toBe(422);
    const submitted = await post('/application/submit_application', {
      reference_number: reference,
      data: {},
      declaration: true,
    });
    expect(submitted.code).toBe(200);
    expect((await post('/application/continue_application', { reference_number: reference })).code).toBe(409);
    expect((await post('/application/continue_application', { reference_number: 'ZZZZZ-ZZZZZ' })).code).toBe(404);
  });

  it('looks the demo ZanIDs up: found, unknown (404), malformed (422 with the field message)', async () => {
    expect((await post('/application/verify_zanid', { zan_id: '190012345' })).data).toMatchObject({
      first_name: 'Amina',
      middle_name: 'Khamis',
      last_name: 'Makame',
    });
    expect((await post('/application/verify_zanid', { zan_id: '190099999' })).code).toBe(404);
    const malformed = await post('/application/verify_zanid', { zan_id: '12' });
    expect(malformed.code).toBe(422);
    expect(malformed.data).toEqual({ errors: [{ path: '/zan_id', message: expect.any(String) as string }] });
  });
});
