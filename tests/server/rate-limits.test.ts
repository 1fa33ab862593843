import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/server/config';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KibaliApp } from '../../src/server/app';
import { ashaByPassport } from './application-fixtures';
import { createTestApp, redisAnswers, REDIS_URL, type Envelope, type TestApp } from './helpers';

// The Redis suite runs when Redis answers at TEST_REDIS_URL (default redis://127.0.0.1:6379), and
// must run when CI=true: there it fails if Redis cannot be reached.

const redisUp = await redisAnswers(REDIS_URL);

interface Hit {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Envelope;
}

/** POSTs JSON from a client address, in a language. */
async function hit(
  app: KibaliApp,
  url: string,
  body: unknown,
  options: { ip?: string; language?: 'en' | 'sw'; headers?: Record<string, string> } = {},
): Promise<Hit> {
  const res = await app.inject({
    method: 'POST',
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      'accept-language': options.language ?? 'en',
      ...options.headers,
    },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json<Envelope>() };
}

const VERIFY_CODE = '/api/application/verify_code';
const badCode = { challenge_id: 'no-such-challenge', code: '123456' };
const isRateLimited = (answer: Hit) =>
  answer.status === 429 && /^Too many tries|^Majaribio mengi/.test(answer.body.response.message);

/** `count` calls from one client; every answer must be something other than the rate limit's 429. */
async function useUp(app: KibaliApp, url: string, body: unknown, count: number, ip?: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = await hit(app, url, body, { ip });
    expect(isRateLimited(answer), `${url} try ${i + 1}`).toBe(false);
  }
}

describe('rate limits per client (in memory)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers the 11th sign-in try 429 with Retry-After, data.retry_after_s and a message in en and sw', async () => {
    t = await createTestApp();
    await useUp(t.app, VERIFY_CODE, badCode, 10);

    const refused = await hit(t.app, VERIFY_CODE, badCode);
    expect(refused.status).toBe(429);
    expect(refused.body.response.code).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.body.response.data).toEqual({ retry_after_s: retryAfter });
    expect(refused.body.response.message).toBe('Too many tries. Please try again in 15 minutes.');
    expect(refused.headers['cache-control']).toBe('no-store');

    const inSwahili = await hit(t.app, VERIFY_CODE, badCode, { language: 'sw' });
    expect(inSwahili.status).toBe(429);
    expect(inSwahili.body.response.message).toBe('Majaribio mengi mno. Tafadhali jaribu tena baada ya dakika 15.');
  });

  it('counts each client apart, and each route apart', async () => {
    t = await createTestApp();
    await useUp(t.app, VERIFY_CODE, badCode, 10, '10.0.0.1');
    expect((await hit(t.app, VERIFY_CODE, badCode, { ip: '10.0.0.1' })).status).toBe(429);

    expect((await hit(t.app, VERIFY_CODE, badCode, { ip: '10.0.0.2' })).status).toBe(422);
    expect((await hit(t.app, VERIFY_CODE, badCode, { ip: '2001:db8::1' })).status).toBe(422);
    const otherRoute = await hit(
      t.app,
      '/api/application/continue_application',
      { reference_number: 'ABCDE-FGHJK' },
      { ip: '10.0.0.1' },
    );
    expect(otherRoute.status).toBe(404);
  });

  it('counts IPv6 clients by their /64', async () => {
    t = await createTestApp();
    await useUp(t.app, VERIFY_CODE, badCode, 10, '2001:db8:1:2::1');
    expect((await hit(t.app, VERIFY_CODE, badCode, { ip: '2001:db8:1:2::ffff' })).status).toBe(429);
    expect((await hit(t.app, VERIFY_CODE, badCode, { ip: '2001:db8:1:3::1' })).status).toBe(422);
  });

  it('changes nothing when it refuses: no code, no SMS', async () => {
    t = await createTestApp({ DEV_TOOLS: true });
    const references: string[] = [];
    for (let i = 0; i < 11; i++) {
      const saved = await hit(t.app, '/api/application/save_and_continue', {
        application_type: 'repair',
        step_number: 1,
        data: ashaByPassport({
          passport_number: `AB12345${i % 10}`,
          phone: `07771234${String(i).padStart(2, '0')}`,
        }),
      });
      expect(saved.status).toBe(200);
      references.push((saved.body.response.data as { reference_number: string }).reference_number);
    }
    const counts = async () => ({
      sms: (await t.database.db.selectFrom('sms_outbox').select('id').execute()).length,
      codes: (await t.database.db.selectFrom('one_time_code').select('id').execute()).length,
    });
    // Each first save sent its reference number by SMS (issue 17): 11 SMS before any code.
    await vi.waitFor(async () => expect(await counts()).toEqual({ sms: 11, codes: 0 }));
    for (const reference_number of references.slice(0, 10)) {
      expect((await hit(t.app, '/api/application/continue_application', { reference_number })).status).toBe(200);
    }
    expect(await counts()).toEqual({ sms: 21, codes: 10 });

    const refused = await hit(t.app, '/api/application/continue_application', { reference_number: references[10] });
    expect(refused.status).toBe(429);
    expect(await counts()).toEqual({ sms: 21, codes: 10 });
  });

  it.each([
    ['/api/application/continue_application', { reference_number: 'ABCDE-FGHJK' }, 10],
    ['/api/engineer/send_otp', { engineer_id: 'ZEB/0000' }, 10],
    ['/api/engineer/validate_otp', { engineer_id: 'ZEB/0000', otp: '123456' }, 10],
    ['/api/application/verify_zanid', { zan_id: '100000000' }, 20],
    ['/api/captcha/new', {}, 10],
  ])('limits %s (%j) to %i tries per client', async (url, body, max) => {
    t = await createTestApp();
    await useUp(t.app, url, body, max);
    expect(isRateLimited(await hit(t.app, url, body))).toBe(true);
  });

  it('counts a malformed body too: the limit comes before the body is read', async () => {
    t = await createTestApp();
    await useUp(t.app, VERIFY_CODE, { nonsense: true }, 10);
    expect((await hit(t.app, VERIFY_CODE, { nonsense: true })).status).toBe(429);
  });

  it('takes other numbers from the app dependencies, and says "minute" for one', async () => {
    t = await createTestApp({}, { rateLimits: { limits: { sign_in: { max: 2, timeWindow: 30_000 } } } });
    await useUp(t.app, VERIFY_CODE, badCode, 2);
    const refused = await hit(t.app, VERIFY_CODE, badCode);
    expect(refused.status).toBe(429);
    expect(refused.body.response.data.retry_after_s).toBeLessThanOrEqual(30);
    expect(refused.body.response.message).toBe('Too many tries. Please try again in 1 minute.');
    // Other limits keep their numbers.
    await useUp(t.app, '/api/application/verify_zanid', { zan_id: '100000000' }, 20);
  });

  it('multiplies every limit by RATE_LIMIT_FACTOR (end-to-end servers), which production refuses', async () => {
    t = await createTestApp({ RATE_LIMIT_FACTOR: 2 });
    await useUp(t.app, VERIFY_CODE, badCode, 20);
    expect((await hit(t.app, VERIFY_CODE, badCode)).status).toBe(429);
    expect(() => loadConfig({ NODE_ENV: 'production', RATE_LIMIT_FACTOR: '2' })).toThrow(/RATE_LIMIT_FACTOR/);
  });

  it('knows clients behind the proxy by X-Forwarded-For with TRUST_PROXY', async () => {
    t = await createTestApp({ TRUST_PROXY: ['uniquelocal'] });
    const from = (client: string) => ({ ip: '10.9.9.9', headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < 10; i++) await hit(t.app, VERIFY_CODE, badCode, from('198.51.100.7'));
    expect((await hit(t.app, VERIFY_CODE, badCode, from('198.51.100.7'))).status).toBe(429);
    expect((await hit(t.app, VERIFY_CODE, badCode, from('198.51.100.8'))).status).toBe(422);
  });

  it('behind the proxy, counts the address the proxy added, not what the client wrote before it', async () => {
    t = await createTestApp({ TRUST_PROXY: ['uniquelocal'] });
    // The client sends its own X-Forwarded-For, a new made-up address each time; a proxy that appends
    // (nginx's $proxy_add_x_forwarded_for) puts the address it saw last.
    const spoofed = (i: number) => ({
      ip: '10.9.9.9',
      headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.9` },
    });
    for (let i = 0; i < 10; i++) await hit(t.app, VERIFY_CODE, badCode, spoofed(i));
    expect((await hit(t.app, VERIFY_CODE, badCode, spoofed(99))).status).toBe(429);
    expect(
      (await hit(t.app, VERIFY_CODE, badCode, { ip: '10.9.9.9', headers: { 'x-forwarded-for': '198.51.100.10' } }))
        .status,
    ).toBe(422);
  });

  it('believes X-Forwarded-For only from a trusted proxy: a client reaching the server directly is counted by its own address', async () => {
    t = await createTestApp({ TRUST_PROXY: ['uniquelocal'] });
    const direct = (i: number) => ({ ip: '198.51.100.50', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    for (let i = 0; i < 10; i++) await hit(t.app, VERIFY_CODE, badCode, direct(i));
    expect((await hit(t.app, VERIFY_CODE, badCode, direct(99))).status).toBe(429);
  });

  it('counts in memory when Redis cannot be reached: the 11th try is still refused, and /readyz says so', async () => {
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    await useUp(t.app, VERIFY_CODE, badCode, 10);
    expect((await hit(t.app, VERIFY_CODE, badCode)).status).toBe(429);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200); // the portal works: a degradation, not an outage
    expect(ready.json<Envelope>().response.data).toMatchObject({
      status: 'ready',
      rate_limits: 'memory (redis unreachable)',
    });
  });

  it('says on /readyz that the counts are in memory when no Redis is configured', async () => {
    t = await createTestApp();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json<Envelope>().response.data).toMatchObject({ rate_limits: 'memory' });
  });
});

describe.runIf(redisUp || process.env.CI === 'true')('rate limits shared in Redis (REDIS_URL)', () => {
  const nameSpace = `kibali-test:rate-limit:${randomUUID()}:`;
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    if (!redisUp) throw new Error(`Redis is not reachable at ${REDIS_URL}, and CI=true needs the Redis suite to run`);
    redis = new Redis(REDIS_URL);
    first = await createTestApp({ REDIS_URL }, { rateLimits: { nameSpace } });
    second = await createTestApp({ REDIS_URL }, { rateLimits: { nameSpace } });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (redis) {
      const keys = await redis.keys(`${nameSpace}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('counts the tries made on two server processes together', async () => {
    await useUp(first.app, VERIFY_CODE, badCode, 6);
    await useUp(second.app, VERIFY_CODE, badCode, 4);

    const refused = await hit(second.app, VERIFY_CODE, badCode, { language: 'sw' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(refused.body.response.data.retry_after_s).toBe(Number(refused.headers['retry-after']));
    expect(refused.body.response.message).toMatch(/^Majaribio mengi mno/);
    expect((await hit(first.app, VERIFY_CODE, badCode)).status).toBe(429);
    expect((await hit(first.app, VERIFY_CODE, badCode, { ip: '10.0.0.2' })).status).toBe(422);

    const keys = await redis.keys(`${nameSpace}*`);
    expect(keys.some((key) => key.includes('/api/application/verify_code'))).toBe(true);
  });
});

// A Redis of the test's own (redis-server on a free port, nothing saved), stopped and started again.
const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await expect.poll(() => redisAnswers(`redis://127.0.0.1:${port}`), { timeout: 10_000 }).toBe(true);
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe.runIf(redisServerInstalled || process.env.CI === 'true')('rate limits while Redis stops and starts', () => {
  let t: TestApp | undefined;
  let redis: ChildProcess | undefined;
  afterEach(async () => {
    await t?.close();
    if (redis && redis.exitCode === null) await stopRedis(redis);
  });

  it('counts in memory while Redis is away (never unlimited), logs each change once, and goes back to Redis', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    const app = t.app;
    const warn = vi.spyOn(app.log, 'warn');
    const info = vi.spyOn(app.log, 'info');
    const where = async () =>
      (await app.inject({ method: 'GET', url: '/readyz' })).json<Envelope>().response.data.rate_limits;
    const logged = (spy: typeof warn, text: string) =>
      spy.mock.calls.filter((call) => call.some((part) => typeof part === 'string' && part.includes(text))).length;
    expect(await where()).toBe('redis');
    await useUp(app, VERIFY_CODE, badCode, 3);

    await stopRedis(redis);
    await expect.poll(where).toBe('memory (redis unreachable)');
    await useUp(app, VERIFY_CODE, badCode, 10);
    expect((await hit(app, VERIFY_CODE, badCode)).status).toBe(429);
    expect((await hit(app, VERIFY_CODE, badCode)).status).toBe(429);
    await expect.poll(() => logged(warn, 'Redis unreachable')).toBe(1);

    redis = await startRedis(port);
    await expect.poll(where, { timeout: 10_000 }).toBe('redis');
    expect(logged(info, 'Redis reachable again')).toBe(1);
    // Counted in Redis again (this Redis started empty): ten more tries, then the refusal.
    await useUp(app, VERIFY_CODE, badCode, 10);
    expect((await hit(app, VERIFY_CODE, badCode)).status).toBe(429);
    expect(logged(warn, 'Redis unreachable')).toBe(1);
  }, 60_000);
});
