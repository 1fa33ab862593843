import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEnvelope } from '../../src/shared/envelope';
import { createTestApp, databaseKinds, get, post, type Answer, type TestApp } from './helpers';

const sw = JSON.parse(readFileSync('locales/sw/api.json', 'utf8')) as Record<string, string>;
const en = JSON.parse(readFileSync('locales/en/api.json', 'utf8')) as Record<string, string>;

interface Raw {
  statusCode: number;
  headers: Record<string, unknown>;
  payload: string;
}

/** The answer is the envelope, its HTTP status is its code, and it names its request. */
function expectEnvelope(res: Raw, code: number): { code: number; message: string; data: Record<string, unknown> } {
  expect(res.statusCode).toBe(code);
  const body: unknown = JSON.parse(res.payload);
  expect(isEnvelope(body)).toBe(true);
  const response = (body as { response: { code: number; message: string; data: Record<string, unknown> } }).response;
  expect(response.code).toBe(code);
  expect(response.message.length).toBeGreaterThan(0);
  expect(typeof response.data).toBe('object');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  return response;
}

function errorsOf(answer: Answer): { path: string; message: string }[] {
  return (answer.body?.response.data.errors ?? []) as { path: string; message: string }[];
}

describe.each(databaseKinds)('the envelope (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { kind });
    t.app.post('/api/test/boom', { schema: { body: { type: 'object' } } }, () => {
      throw new Error('secret detail');
    });
  });
  afterAll(() => t.close());

  const splash = '/api/splash/get_splash';
  const json = 'application/json';
  const cases: [string, 'GET' | 'POST', string, string | undefined, string, number][] = [
    ['a call that works', 'POST', splash, json, '{}', 200],
    ['an unknown /api path', 'POST', '/api/nothing/here', json, '{}', 404],
    ['a GET on a POST-only call', 'GET', splash, undefined, '', 404],
    ['a GET of any other path (no SPA built)', 'GET', '/some/page', undefined, '', 404],
    ['a text/plain POST', 'POST', splash, 'text/plain', '{}', 415],
    ['a form POST', 'POST', splash, 'application/x-www-form-urlencoded', 'a=1', 415],
    ['malformed JSON', 'POST', splash, json, '{"a":', 400],
    ['an empty JSON body', 'POST', splash, json, '', 400],
    ['a body the schema refuses', 'POST', splash, json, '{"x":1}', 400],
    ['an error in a route', 'POST', '/api/test/boom', json, '{}', 500],
  ];

  it.each(cases)('answers %s with the envelope', async (_name, method, url, type, payload, code) => {
    const headers = type ? { 'content-type': type } : {};
    expectEnvelope(await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }), code);
  });

  it('answers a body that fails the schema with 400 and the errors by path', async () => {
    const extra = await post(t.app, '/api/splash/get_splash', { extra: true });
    expect(extra.status).toBe(400);
    expect(extra.body?.response.message).toBe(en.invalid_body);
    expect(errorsOf(extra)).toEqual([{ path: '/extra', message: expect.any(String) }]);

    const pageSize = await post(t.app, '/api/engineer/get_engineers', { page: 1, page_size: 7 });
    expect(pageSize.status).toBe(400);
    expect(errorsOf(pageSize).map((e) => e.path)).toEqual(['/page_size']);

    const pageString = await post(t.app, '/api/engineer/get_engineers', { page: '1', page_size: 10 });
    expect(pageString.status).toBe(400);
    expect(errorsOf(pageString).map((e) => e.path)).toEqual(['/page']);
    for (const error of errorsOf(pageString)) expect(error.message.length).toBeGreaterThan(0);
  });

  it('answers a 500 with the request id only, never the error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/boom',
      headers: { 'content-type': json },
      payload: '{}',
    });
    const response = expectEnvelope(res, 500);
    expect(response.data).toEqual({ request_id: res.headers['x-request-id'] });
    expect(response.message).toContain(String(res.headers['x-request-id']));
    expect(res.payload).not.toContain('secret detail');
    expect(res.payload).not.toMatch(/stack|\.ts:\d+|at .*\(/);
  });

  it('gives every request its own id', async () => {
    const a = await post(t.app, '/api/nothing', {});
    const b = await post(t.app, '/api/nothing', {});
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it.each([
    ['sw', sw],
    ['sw-TZ,en;q=0.5', sw],
    ['en-GB,sw;q=0.8', en],
    ['fr', en],
    ['fr, sw;q=0.1', sw],
    ['', en],
  ])('answers Accept-Language "%s" in the right language', async (header, messages) => {
    const answer = await post(t.app, '/api/nothing/here', {}, header ? { 'accept-language': header } : {});
    expect(answer.body?.response.message).toBe(messages.not_found);
  });

  it('sends the security headers and no-store on API answers', async () => {
    for (const answer of [
      await post(t.app, '/api/engineer/get_engineers', { page: 1, page_size: 10 }),
      await post(t.app, '/api/x', {}),
    ]) {
      // JSON, never a page: nothing in it may load or run, and it may not be framed.
      const csp = String(answer.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim());
      expect(csp).toEqual(["default-src 'none'", "frame-ancestors 'none'"]);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers /healthz and /readyz', async () => {
    const health = await get(t.app, '/healthz');
    expect(health.status).toBe(200);
    expect(health.body?.response.data).toEqual({ status: 'alive' });
    const ready = await get(t.app, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body?.response).toMatchObject({ code: 200, data: { status: 'ready', database: 'up' } });
  });
});

describe.each(databaseKinds)('maintenance and an unavailable database (%s)', (kind) => {
  it('answers every /api call with 503 in maintenance mode, and /healthz still 200', async () => {
    const t = await createTestApp({ MAINTENANCE_MODE: true }, { kind });
    try {
      for (const url of ['/api/splash/get_splash', '/api/engineer/get_engineers', '/api/nothing']) {
        for (const [language, messages] of [
          ['en', en],
          ['sw', sw],
        ] as const) {
          const answer = await post(t.app, url, {}, { 'accept-language': language });
          expect(answer.status).toBe(503);
          expect(answer.body?.response).toEqual({
            code: 503,
            message: messages.maintenance,
            data: { maintenance: true },
          });
          expect(answer.headers['cache-control']).toBe('no-store');
          expect(answer.headers['x-content-type-options']).toBe('nosniff');
          expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        }
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/splash/get_splash' })).statusCode).toBe(503);
      expect((await get(t.app, '/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers /readyz 503 once the database is closed', async () => {
    const t = await createTestApp({}, { kind, freshDatabase: true });
    try {
      expect((await get(t.app, '/readyz')).status).toBe(200);
      await t.database.close();
      const ready = await get(t.app, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body?.response).toMatchObject({ code: 503, data: { status: 'unavailable', database: 'down' } });
      expect(ready.body?.response.message).toBe(en.unavailable);
    } finally {
      await t.app.close();
    }
  });
});
