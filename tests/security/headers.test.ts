import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { post, type Envelope } from '../server/helpers';
import { createWorld, listRoutes, STAFF_AUTH, type Route } from './security-world';
import { solveCaptcha } from '../server/captcha-solver';

// The security headers on every answer: the API's (every route, read from the app, with and without a
// session or the staff token, successes and refusals) and the SPA's pages and assets. And
// `Cache-Control: no-store` on every API answer but the public, versioned ones (reference lists,
// forms, a step's validator): personal data never sits in a browser's or a proxy's cache.

const staticRoot = staticDir();
const world = await createWorld({ STATIC_DIR: staticRoot });
afterAll(async () => {
  await world.close();
  rmSync(staticRoot, { recursive: true, force: true });
});
const routes = listRoutes(world.app);

/** A built client of its own (an index page and a hashed asset), so the static files are served here too. */
function staticDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kibali-security-static-'));
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Kibali</title><script type="module" src="/assets/app-1a2b3c.js"></script>',
  );
  writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  return dir;
}

/** Public and the same for everyone: revalidated (ETag) or versioned, never personal. */
const PUBLIC_CACHEABLE = new Set(['/api/splash/get_splash', '/api/forms/get_forms', '/api/forms/validators/:step.js']);

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/**
 * The headers every answer must carry; what is wrong, or an empty list. Pages load the portal's own
 * scripts and nothing else's; API answers (JSON, or files sent as attachments) may load nothing.
 */
function headerProblems(res: LightMyRequestResponse, url: string, what = url): string[] {
  const problems: string[] = [];
  const h = res.headers;
  const own = url.startsWith('/api/') ? "'none'" : "'self'";
  if (h['x-content-type-options'] !== 'nosniff')
    problems.push(`${what}: X-Content-Type-Options ${String(h['x-content-type-options'])}`);
  const csp = directives(String(h['content-security-policy'] ?? ''));
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  if (!scripts || scripts.join(' ') !== own) problems.push(`${what}: script-src ${String(scripts)}`);
  if (csp.get('default-src')?.join(' ') !== own)
    problems.push(`${what}: default-src ${String(csp.get('default-src'))}`);
  if (String(h['content-security-policy']).includes('unsafe-eval')) problems.push(`${what}: unsafe-eval`);
  if ((csp.get('object-src') ?? csp.get('default-src'))?.join(' ') !== "'none'") problems.push(`${what}: object-src`);
  const framing = csp.get('frame-ancestors')?.join(' ') === "'none'" || h['x-frame-options'] === 'DENY';
  if (!framing) problems.push(`${what}: framing allowed`);
  if (!['no-referrer', 'same-origin', 'strict-origin'].includes(String(h['referrer-policy'])))
    problems.push(`${what}: Referrer-Policy ${String(h['referrer-policy'])}`);
  return problems;
}

const noStore = (res: LightMyRequestResponse) =>
  /(^|,)\s*no-store\s*(,|$)/.test(String(res.headers['cache-control'] ?? ''));

describe('every route', () => {
  test.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: security headers, no-store',
    async (_name, route: Route) => {
      const cookie = await world.sessionCookie(world.applicant('permit_issued'));
      const variants: Record<string, string>[] = [
        {},
        { ...STAFF_AUTH, cookie },
        { authorization: 'Bearer wrong', cookie: 'kibali_session=x' },
      ];
      const problems: string[] = [];
      for (const headers of variants) {
        const request: InjectOptions =
          route.method === 'GET'
            ? { method: 'GET', url: route.url.replace(':step', 'personal'), headers }
            : {
                method: 'POST',
                url: route.url,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: '{}',
              };
        const res = await world.app.inject(request);
        const what = `${route.url} (${res.statusCode}, ${Object.keys(headers).join('+') || 'anonymous'})`;
        problems.push(...headerProblems(res, route.url, what));
        if (route.url.startsWith('/api/') && !PUBLIC_CACHEABLE.has(route.url) && !noStore(res))
          problems.push(`${what}: Cache-Control ${String(res.headers['cache-control'])}`);
      }
      expect(problems).toEqual([]);
    },
  );

  test('unknown API paths, undecodable URLs, wrong methods and bodies: the same headers, no-store', async () => {
    const problems: string[] = [];
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/api/nothing/here', payload: '{}', headers: { 'content-type': 'application/json' } },
      { method: 'GET', url: '/api/dashboard/get_application' },
      { method: 'POST', url: '/api/engineer/get_engineers', payload: 'x', headers: { 'content-type': 'text/plain' } },
      {
        method: 'POST',
        url: '/api/engineer/get_engineers',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'POST', url: '/api/application/verify_zanid', payload: { zan_id: 1 } },
    ];
    for (const request of requests) {
      const res = await world.app.inject(request);
      problems.push(...headerProblems(res, String(request.url), `${request.method} ${String(request.url)}`));
      if (!noStore(res)) problems.push(`${String(request.url)}: Cache-Control ${String(res.headers['cache-control'])}`);
    }
    const undecodable = await world.app.inject({ method: 'GET', url: '/api/%' });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.headers['x-content-type-options']).toBe('nosniff');
    expect(noStore(undecodable)).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe('answers carrying personal data, each a real success', () => {
  const applicant = world.applicant('permit_issued');
  const draft = world.applicant('draft');
  const answers: [string, LightMyRequestResponse][] = [];
  const call = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await world.app.inject({ method: 'POST', url, payload: body as InjectOptions['payload'], headers });
    answers.push([url, res]);
    return res;
  };
  const code = async (phone: string) => {
    const row = await world.t.database.db
      .selectFrom('sms_outbox')
      .select('message')
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(row.message)![1]!;
  };
  const json = <T>(res: LightMyRequestResponse) => (JSON.parse(res.payload) as Envelope<T>).response.data;

  test('sign-in, continue, wizard, identity, engineer code, dashboard, download, back office, outbox: all no-store', async () => {
    expect((await call('/api/application/verify_zanid', { zan_id: '190012345' })).statusCode).toBe(200);
    const saved = await call('/api/application/save_and_continue', {
      application_type: 'repair',
      step_number: 1,
      data: {
        identification_type: 'passport',
        passport_number: 'AB123456',
        first_name: 'Asha',
        last_name: 'Said',
        phone: '0777123456',
        address: 'P.O. Box 1',
        street: 'Malindi',
      },
    });
    expect(saved.statusCode).toBe(200);
    // The new draft's cookie: the engineer's code is asked about a draft, by its owner.
    const draftCookie = String(saved.headers['set-cookie']).split(';')[0]!;
    const reference_number = json<{ reference_number: string }>(saved).reference_number;

    const continued = await call('/api/application/continue_application', { reference_number: draft.reference });
    expect(continued.statusCode).toBe(200);
    const opened = await call('/api/application/verify_code', {
      challenge_id: json<{ challenge_id: string }>(continued).challenge_id,
      code: await code(draft.phone),
    });
    expect(opened.statusCode).toBe(200);

    const challenge = json<unknown>(await call('/api/captcha/new', {}));
    const started = await call('/api/application/get_application', {
      reference_number: applicant.reference,
      altcha: await solveCaptcha(challenge),
    });
    expect(started.statusCode).toBe(200);
    const signedIn = await call('/api/application/verify_code', {
      challenge_id: json<{ challenge_id: string }>(started).challenge_id,
      code: await code(applicant.phone),
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;

    const engineer = await world.t.database.db
      .selectFrom('engineer')
      .select(['registration_number', 'mobile'])
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    const asked = { engineer_id: engineer.registration_number, reference_number };
    expect((await call('/api/engineer/send_otp', asked, { cookie: draftCookie })).statusCode).toBe(200);
    expect(
      (
        await call(
          '/api/engineer/validate_otp',
          { ...asked, otp: await code(engineer.mobile) },
          { cookie: draftCookie },
        )
      ).statusCode,
    ).toBe(200);

    for (const route of routes.filter((r) => r.url.startsWith('/api/dashboard/'))) {
      const body = route.url.endsWith('download_attachment')
        ? { attachment_id: applicant.attachmentIds[0] }
        : route.url.endsWith('send_message')
          ? { message: 'Hello' }
          : route.url.endsWith('open_application') ||
              route.url.endsWith('renew_permit') ||
              route.url.endsWith('withdraw_application') || // it ends the application: called last, below
              route.url.endsWith('save_change_step') || // only while returned (change-requests.test.ts)
              route.url.endsWith('download_permit') || // once a permit is issued: permits.test.ts checks no-store
              route.url.endsWith('download_receipt') || // once paid: payments-receipt.test.ts checks no-store
              route.url.endsWith('resubmit_changes')
            ? undefined
            : {};
      if (body === undefined) continue; // their successes are covered in the dashboard's own tests
      const res = await call(route.url, body, { cookie });
      expect(res.statusCode, route.url).toBe(200);
    }
    const download = answers.find(([url]) => url.endsWith('download_attachment'))![1];
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);

    for (const route of routes.filter(
      (r) => r.url.startsWith('/api/staff/list_') || r.url === '/api/staff/get_application',
    )) {
      const body = route.url.endsWith('get_application') ? { reference_number: applicant.reference } : {};
      expect((await call(route.url, body, STAFF_AUTH)).statusCode, route.url).toBe(200);
    }
    expect((await call('/api/dev/outbox', {})).statusCode).toBe(200);
    // Withdrawing ends an application not yet decided: another applicant's, submitted.
    const submitter = await world.sessionCookie(world.applicant('submitted'));
    const withdrawn = await call(
      '/api/dashboard/withdraw_application',
      { reason: 'Built elsewhere' },
      { cookie: submitter },
    );
    expect(withdrawn.statusCode).toBe(200);
    expect((await call('/api/application/logout', {}, { cookie })).statusCode).toBe(200);

    const problems = answers.flatMap(([url, res]) => [
      ...headerProblems(res, url),
      ...(noStore(res) ? [] : [`${url}: Cache-Control ${String(res.headers['cache-control'])}`]),
    ]);
    expect(problems).toEqual([]);
    expect(answers.length).toBeGreaterThan(20);
  });
});

describe('the SPA', () => {
  test('pages and assets carry the same policy; pages are revalidated, hashed assets cached for good', async () => {
    const problems: string[] = [];
    for (const url of ['/', '/home/landing', '/dashboard/application', '/assets/app-1a2b3c.js']) {
      const res = await world.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      problems.push(...headerProblems(res, url));
      const expected = url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      expect(res.headers['cache-control'], url).toBe(expected);
    }
    expect(problems).toEqual([]);
  });

  test('the session cookie is HttpOnly, SameSite=Strict, only for /api', async () => {
    const applicant = world.applicant('submitted');
    const challenge = (await post<Envelope>(world.app, '/api/captcha/new')).body!.response.data;
    const started = await post<Envelope<{ challenge_id: string }>>(world.app, '/api/application/get_application', {
      reference_number: applicant.reference,
      altcha: await solveCaptcha(challenge),
    });
    const row = await world.t.database.db
      .selectFrom('sms_outbox')
      .select('message')
      .where('phone', '=', applicant.phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const verified = await post(world.app, '/api/application/verify_code', {
      challenge_id: started.body!.response.data.challenge_id,
      code: /\b(\d{6})\b/.exec(row.message)![1],
    });
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toMatch(/^kibali_session=[A-Za-z0-9_-]{43};/);
    for (const attribute of ['HttpOnly', 'SameSite=Strict', 'Path=/api']) expect(setCookie).toContain(attribute);
  });
});
