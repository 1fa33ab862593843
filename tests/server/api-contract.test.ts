import type { FastifyReply, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { sharedCalls } from '../support/shared-calls';

/**
 * One wire contract (issue 20, item 1): every API route is built from a call defined once in
 * src/shared/api/ (contractRoute): its path, method and body schema are that call's, and its answer is
 * documented and checked by the call's answer schema. The client's endpoints and the mock are held to
 * the same definitions by tests/client/api-contract.test.ts.
 */

/** Not calls of the contract: the OpenAPI document (its plugin's) and a step's validator (a script, not an envelope). */
const NOT_CALLS = [/^\/api\/openapi\.json$/, /^\/api\/forms\/validators\//];

/** Routes not yet built from a shared call: this list only shrinks. */
const NOT_YET: string[] = [];

describe('the API contract', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { DEV_TOOLS: true, STAFF_API_TOKEN: 'x'.repeat(40), SMS_INBOUND_TOKEN: 'y'.repeat(40) },
      { onRoute: (route) => routes.push(route) },
    );
    await t.app.ready();
  });
  afterAll(() => t?.close());

  const apiRoutes = () =>
    routes.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !NOT_CALLS.some((pattern) => pattern.test(r.url)),
    );

  it('builds every API route from a shared call: its path, method and body schema', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
    const offenders: string[] = [];
    for (const route of apiRoutes()) {
      const call = route.config?.call;
      if (!call) {
        if (!NOT_YET.includes(route.url)) offenders.push(`${route.url}: not built from a shared call`);
        continue;
      }
      expect(sharedCalls, `${route.url}: its call is not exported from src/shared/api/`).toContain(call);
      expect(route.url).toBe(call.path);
      expect(route.method).toBe(call.method);
      const schema = route.schema as { body?: unknown; response?: Record<string, unknown> };
      // A multipart call's body is checked by the upload's parser: its schema only documents the fields.
      if (!call.multipart) expect(schema.body, `${route.url}: its body schema`).toBe(call.body);
      expect(schema.response?.['200'], `${route.url}: no answer schema`).toBeDefined();
    }
    expect(offenders).toEqual([]);
  });

  it('lists no route as not yet built from a shared call when it is', () => {
    const built = apiRoutes()
      .filter((r) => r.config?.call)
      .map((r) => r.url);
    expect(NOT_YET.filter((url) => built.includes(url))).toEqual([]);
    expect(NOT_YET.filter((url) => !apiRoutes().some((r) => r.url === url))).toEqual([]);
  });

  it('has a route for every shared call', () => {
    const served = new Set(apiRoutes().map((r) => `${r.method as string} ${r.url}`));
    expect(sharedCalls.filter((call) => !served.has(`${call.method} ${call.path}`)).map((c) => c.path)).toEqual([]);
  });

  describe('an answer that does not match its schema (outside production)', () => {
    let probe: TestApp;
    const call = {
      path: '/api/test/probe',
      method: 'POST',
      answer: { type: 'object', additionalProperties: false, required: ['n'], properties: { n: { type: 'integer' } } },
    } as const;
    const wrong = { response: { code: 200, message: 'OK', data: { n: 'one', extra: true } } };
    const right = { response: { code: 200, message: 'OK', data: { n: 1 } } };
    const send = async (route: string) =>
      probe.app.inject({ method: 'POST', url: `${call.path}/${route}`, payload: {} });

    beforeAll(async () => {
      const { contractRoute } = await import('../../src/server/http/contract-route');
      probe = await createTestApp();
      // Sent around the typed answer on purpose (`as never`): the compiler would refuse the wrong one.
      const add = (route: string, body: unknown) =>
        contractRoute(
          probe.app,
          { ...call, path: `${call.path}/${route}` },
          { summary: 'probe' },
          async (_r, res) => (res as unknown as FastifyReply).code(200).send(body) as never,
        );
      add('object', wrong);
      // Written already, as the cached answers (get_forms, get_splash) are sent.
      add('string', JSON.stringify(wrong));
      add('right', right);
      add('right-string', JSON.stringify(right));
    });
    afterAll(() => probe?.close());

    it('answers 500 instead, sent as an object or as JSON already written', async () => {
      for (const route of ['object', 'string']) {
        const answer = await send(route);
        expect(answer.statusCode, route).toBe(500);
        expect(answer.body, route).not.toContain('extra');
      }
    });

    it('is sent as it is when it matches', async () => {
      for (const route of ['right', 'right-string']) {
        const answer = await send(route);
        expect(answer.statusCode, route).toBe(200);
        expect(answer.json(), route).toEqual(right);
      }
    });
  });

  describe('an error answer not as the contract declares it (outside production)', () => {
    let probe: TestApp;
    const declared = {
      status: 409,
      code: 'probe_conflict',
      data: { type: 'object', additionalProperties: false, required: ['n'], properties: { n: { type: 'integer' } } },
    } as const;
    const call = {
      path: '/api/test/probe_error',
      method: 'POST',
      answer: { type: 'object' },
      errors: [declared],
    } as const;
    const send = async (route: string) =>
      probe.app.inject({ method: 'POST', url: `${call.path}/${route}`, payload: {} });

    beforeAll(async () => {
      const { contractRoute } = await import('../../src/server/http/contract-route');
      const { ApiError } = await import('../../src/server/http/envelope');
      probe = await createTestApp();
      const add = (route: string, error: InstanceType<typeof ApiError>) =>
        contractRoute(probe.app, { ...call, path: `${call.path}/${route}` }, { summary: 'probe' }, async () => {
          throw error;
        });
      // Thrown as `new ApiError` on purpose: contractError would not compile with the wrong data.
      add('wrong', new ApiError(409, 'probe_conflict', { n: 'one', extra: true }));
      add('right', new ApiError(409, 'probe_conflict', { n: 1 }));
      // Refusals the call does not declare: another code of the status, another status.
      add('other-code', new ApiError(409, 'probe_other', { anything: 'goes' }));
      add('not-found', new ApiError(404, 'not_found', {}));
      // A refusal any call may give (anyCallErrors), its data as declared and not.
      add('any-call', new ApiError(429, 'too_many_tries', { retry_after_s: 60 }));
      add('any-call-wrong', new ApiError(429, 'too_many_tries', { retry_after_s: 'soon' }));
    });
    afterAll(() => probe?.close());

    it('answers 500 instead', async () => {
      const answer = await send('wrong');
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('extra');
      expect(answer.json<{ response: { code: number } }>().response.code).toBe(500);
    });

    it('is sent as it is when it matches, its own or one any call may give', async () => {
      const right = await send('right');
      expect(right.statusCode).toBe(409);
      expect(right.json<{ response: { data: unknown } }>().response.data).toEqual({ n: 1 });
      const anyCall = await send('any-call');
      expect(anyCall.statusCode).toBe(429);
      expect(anyCall.json<{ response: { data: unknown } }>().response.data).toEqual({ retry_after_s: 60 });
      expect((await send('any-call-wrong')).statusCode).toBe(500);
    });

    it('answers 500 for a refusal neither the call nor every call declares', async () => {
      for (const route of ['other-code', 'not-found']) {
        const answer = await send(route);
        expect(answer.statusCode, route).toBe(500);
        expect(answer.body, route).not.toContain('goes');
      }
    });
  });

  it('in development, serves the OpenAPI document as a page, with the answers described', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development', DEV_TOOLS: true });
    try {
      const page = await dev.app.inject({ method: 'GET', url: '/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const document = (await dev.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      }>();
      const { saveAndContinue } = await import('../../src/shared/api/applications');
      const answer = JSON.stringify(document.paths[saveAndContinue.path]?.post?.responses['200']);
      expect(answer).toContain('forms_changed');
      expect(answer).toContain('step_number');
      // The error answers the contract declares, under their status: 409's two codes, their data apart.
      const responses = document.paths[saveAndContinue.path]?.post?.responses ?? {};
      const refused = JSON.stringify(responses['409']);
      expect(refused).toContain('phone_change_code_sent');
      expect(refused).toContain('forms_changed');
      expect(refused).toContain('resend_after_s');
      expect(refused).toContain('first_step');
      expect(JSON.stringify(responses['422'])).toContain('validation_failed');
      // The refusals any call may give are listed under every call, and a call's own beside them.
      const { getApplications } = await import('../../src/shared/api/dashboard');
      const dashboard = document.paths[getApplications.path]?.post?.responses ?? {};
      expect(JSON.stringify(dashboard['401'])).toContain('not_signed_in');
      for (const listed of [responses, dashboard]) {
        expect(JSON.stringify(listed['500'])).toContain('request_id');
        expect(JSON.stringify(listed['429'])).toContain('retry_after_s');
        expect(JSON.stringify(listed['503'])).toContain('database_unavailable');
      }
    } finally {
      await dev.close();
    }
    // Elsewhere (tests, production) there is no page.
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).body).not.toMatch(/swagger/i);
  });
});
