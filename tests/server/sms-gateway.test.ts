import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { ApiError } from '../../src/server/http/envelope';
import { HttpSmsSender, type SmsFailure } from '../../src/server/sms/http-sms-sender';
import type { Engineer, Splash } from '../../src/shared/reference-data';
import { withSeededContacts } from '../fixtures/seeded-engineers';
import { ashaByPassport } from './application-fixtures';
import { createTestApp, databaseKinds, post, type TestApp, sendEngineerCode } from './helpers';

interface Received {
  method: string | undefined;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A stand-in SMS gateway on loopback: records each request and answers `status`. */
class FakeGateway {
  received: Received[] = [];
  status = 200;
  private server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      this.received.push({ method: req.method, headers: req.headers, body: JSON.parse(body || 'null') as unknown });
      res.writeHead(this.status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });

  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/sms/send`;
  }

  start = () => new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  stop = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

/** A loopback address where nothing listens: a server is started, its port noted, and closed. */
async function deadUrl(): Promise<string> {
  const gateway = new FakeGateway();
  await gateway.start();
  const url = gateway.url;
  await gateway.stop();
  return url;
}

const TOKEN = 'gateway-token-0123456789';
const data = <T>(answer: { body?: unknown }) => (answer.body as { response: { data: T } }).response.data;

describe('SMS gateway configuration', () => {
  it('reads the gateway URL and token, and never echoes them when wrong', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', SMS_GATEWAY_URL: 'https://sms.example.tz/send', SMS_GATEWAY_TOKEN: 'secret' }),
    ).toMatchObject({ SMS_GATEWAY_URL: 'https://sms.example.tz/send', SMS_GATEWAY_TOKEN: 'secret' });
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_GATEWAY_URL: 'ftp://user:pw@sms.example.tz' })).toThrow(
      /^Invalid configuration:\n {2}- SMS_GATEWAY_URL must be an http:\/\/ or https:\/\/ URL$/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_GATEWAY_URL: 'https://' })).toThrow(/SMS_GATEWAY_URL/);
  });
});

describe('HttpSmsSender', () => {
  const gateway = new FakeGateway();
  beforeAll(gateway.start);
  afterAll(gateway.stop);
  beforeEach(() => {
    gateway.received = [];
    gateway.status = 200;
  });

  it('posts {to, message} as JSON with the bearer token', async () => {
    await new HttpSmsSender({ url: gateway.url, token: TOKEN }).send('+255777000111', 'Your code is 123456', 'test');
    expect(gateway.received).toEqual([
      {
        method: 'POST',
        headers: expect.objectContaining({
          'content-type': 'application/json',
          authorization: `Bearer ${TOKEN}`,
        }) as unknown,
        body: { to: '+255777000111', message: 'Your code is 123456' },
      },
    ]);
  });

  it('sends no Authorization header without a token', async () => {
    await new HttpSmsSender({ url: gateway.url }).send('+255777000111', 'hello', 'test');
    expect(gateway.received[0]?.headers).not.toHaveProperty('authorization');
  });

  it('turns a refusal, a redirect or no answer into 503 sms_unavailable, reporting neither number nor text', async () => {
    const failures: SmsFailure[] = [];
    const onFailure = (failure: SmsFailure) => failures.push(failure);
    const expect503 = async (sending: Promise<void>) => {
      const error = await sending.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: 503, messageKey: 'sms_unavailable' });
    };

    gateway.status = 500;
    await expect503(new HttpSmsSender({ url: gateway.url, onFailure }).send('+255777000111', 'code 123456', 'p'));
    gateway.status = 302;
    await expect503(new HttpSmsSender({ url: gateway.url, onFailure }).send('+255777000111', 'code 123456', 'p'));
    await expect503(new HttpSmsSender({ url: await deadUrl(), onFailure }).send('+255777000111', 'code 123456', 'p'));

    expect(failures).toEqual([
      { purpose: 'p', status: 500, reason: 'status' },
      { purpose: 'p', status: 302, reason: 'status' },
      { purpose: 'p', reason: 'no_answer' },
    ]);
    expect(JSON.stringify(failures)).not.toMatch(/777000111|123456/);
  });

  it('gives up after its timeout', async () => {
    const silent = createServer(() => undefined); // takes the request, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
    try {
      await expect(new HttpSmsSender({ url, timeoutMs: 200 }).send('+255777000111', 'x', 'p')).rejects.toMatchObject({
        code: 503,
      });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe.each(databaseKinds)('SMS through the gateway (%s)', (kind) => {
  const gateway = new FakeGateway();
  let t: TestApp;
  let engineer: Engineer;
  const sendOtp = (headers: Record<string, string> = {}) =>
    sendEngineerCode(t.app, engineer.registration_number, headers);
  /** The SMS rows, oldest first, but the applicant's reference-number SMS that a draft's first save sends. */
  const smsRows = () =>
    t.database.db
      .selectFrom('sms_message')
      .select(['status', 'attempts', 'message'])
      .where('purpose', 'not like', 'reference_%')
      .orderBy('id')
      .execute();
  /** What reached the gateway for the engineer (the draft's first save also texts the applicant). */
  const toEngineer = () => gateway.received.filter((r) => (r.body as { to?: string }).to === engineer.mobile);

  beforeAll(gateway.start);
  afterAll(gateway.stop);
  beforeEach(async () => {
    gateway.received = [];
    gateway.status = 200;
    t = await createTestApp({ DEV_TOOLS: true, SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: TOKEN }, { kind });
    engineer = withSeededContacts(data<Splash>(await post(t.app, '/api/splash/get_splash', {})).engineers[3]!);
  });
  afterEach(() => t.close());

  it("sends the engineer's code to the gateway and keeps no copy of the text", async () => {
    const res = await sendOtp();
    expect(res.status).toBe(200);
    expect(toEngineer()).toHaveLength(1);
    const { to, message } = toEngineer()[0]!.body as { to: string; message: string };
    expect(to).toBe(engineer.mobile);
    expect(message).toMatch(/\b\d{6}\b/);
    expect(toEngineer()[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(data(await post(t.app, '/api/dev/outbox', {}))).toEqual([]);
    const stored = await t.database.db.selectFrom('sms_outbox').select('id').execute();
    expect(stored).toEqual([]);
    // Delivered: its row keeps no text.
    expect(await smsRows()).toEqual([{ status: 'sent', attempts: 1, message: '' }]);

    // The code that went through the gateway is the one that confirms.
    const code = /\b(\d{6})\b/.exec(message)![1]!;
    const validated = await post(t.app, '/api/engineer/validate_otp', {
      engineer_id: engineer.registration_number,
      otp: code,
      reference_number: res.reference_number,
    });
    expect(validated.status).toBe(200);
  });

  it('answers 200 when the gateway refuses: the SMS waits, queued, for its job', async () => {
    gateway.status = 500;
    const res = await sendOtp();
    expect(res.status).toBe(200);
    expect(toEngineer()).toHaveLength(1);
    const rows = await smsRows();
    expect(rows).toEqual([{ status: 'queued', attempts: 1, message: expect.stringMatching(/\b\d{6}\b/) as unknown }]);
    // Its job waits in the job runner's table (no worker runs in this app).
    expect(await t.app.jobs.idle('sms')).toBe(false);
  });

  it('answers 200 for continue_application too', async () => {
    const saved = await post(t.app, '/api/application/save_and_continue', {
      application_type: 'repair',
      step_number: 1,
      data: ashaByPassport(),
    });
    gateway.received = []; // the reference-number SMS of the first save
    gateway.status = 502;
    const res = await post(t.app, '/api/application/continue_application', {
      reference_number: data<{ reference_number: string }>(saved).reference_number,
    });
    expect(res.status).toBe(200);
    expect(gateway.received[0]?.body).toMatchObject({ to: '0777123456' });
    expect((await smsRows()).map((row) => row.status)).toEqual(['queued']);
  });
});

describe('SMS through an unreachable gateway', () => {
  it('answers 200, the SMS queued', async () => {
    const t = await createTestApp({ SMS_GATEWAY_URL: await deadUrl() });
    try {
      const splash = data<Splash>(await post(t.app, '/api/splash/get_splash', {}));
      const res = await sendEngineerCode(t.app, splash.engineers[0]!.registration_number);
      expect(res.status).toBe(200);
      const rows = await t.database.db
        .selectFrom('sms_message')
        .select(['status', 'attempts'])
        .where('purpose', 'not like', 'reference_%')
        .execute();
      expect(rows).toEqual([{ status: 'queued', attempts: 1 }]);
    } finally {
      await t.close();
    }
  });
});
