import { createHash, randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequiredDocument } from '../../src/shared/reference-data';
import { RATE_LIMIT_NAMESPACE } from '../../src/server/http/rate-limits';
import { postgresRun, redisAnswers, REDIS_URL } from './helpers';
import { solveCaptcha } from './captcha-solver';
import {
  READY_TIMEOUT_MS,
  startServer,
  stopServer,
  waitFor,
  waitUntilReady,
  type ServerProcess as Server,
} from '../support/server-process';
import { httpsRequest, startNginx, type Nginx } from '../support/nginx';

// Two real server processes (node --import tsx src/server/main.ts) on one PostgreSQL database and one
// Redis, every request over HTTP, alternating between them as a load balancer without sticky sessions
// would. Runs when TEST_DATABASE_URL is set and Redis answers at TEST_REDIS_URL (default
// redis://127.0.0.1:6379); with CI=true it must run, and fails when either is missing. A run whose
// TEST_DATABASE_KINDS leaves PostgreSQL out leaves it out too (CI runs it in the Node 24 run).

const adminUrl = process.env.TEST_DATABASE_URL;

const redisUp = await redisAnswers(REDIS_URL);

/** A client address of its own (sent as X-Forwarded-For, the servers trust the proxy): its own rate-limit counts. */
const clientAddress = () => `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;

interface Answer<D> {
  status: number;
  message: string;
  data: D;
  headers: Headers;
}

interface As {
  client: string;
  cookie?: string;
}

/**
 * The draft cookies the clients were given, by name: one browser, whichever process it reaches (the
 * proof is in the database both share).
 */
const draftCookies = new Map<string, string>();
const draftCookieOf = (reference: unknown): string | undefined => {
  if (typeof reference !== 'string') return undefined;
  const name = `kibali_draft_${reference.replace('-', '')}`;
  const value = draftCookies.get(name);
  return value === undefined ? undefined : `${name}=${value}`;
};

/** POSTs JSON to one server as a client (and with its session cookie); answers the envelope. */
async function call<D = Record<string, unknown>>(
  server: Server,
  url: string,
  body: unknown,
  as: As,
): Promise<Answer<D>> {
  const cookies = [as.cookie, draftCookieOf((body as { reference_number?: unknown }).reference_number)].filter(Boolean);
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-forwarded-for': as.client,
      ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
    },
    body: JSON.stringify(body),
  });
  for (const line of res.headers.getSetCookie()) {
    const match = /^(kibali_draft_[2-9A-Z]{10})=([^;]*)/.exec(line);
    if (match) draftCookies.set(match[1]!, match[2]!);
  }
  const envelope = (await res.json()) as { response: { code: number; message: string; data: D } };
  expect(envelope.response.code, `${server.name} ${url}`).toBe(res.status);
  return { status: res.status, message: envelope.response.message, data: envelope.response.data, headers: res.headers };
}

const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8ffffff7f0009fb03fd2a86e38a0000000049454e44ae426082',
  'hex',
);

/** A PDF, or a whole 1×1 PNG, followed by random bytes up to `size`: every file is different, its type still sniffed. */
function randomFile(kind: 'pdf' | 'png', size: number): Buffer {
  const head = kind === 'pdf' ? Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n') : TINY_PNG;
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const PERSONAL = {
  identification_type: 'zanid',
  zan_id: '190012345',
  first_name: 'Amina',
  middle_name: 'Khamis',
  last_name: 'Makame',
  phone: '0777123456',
  address: 'P.O. Box 1234, Zanzibar',
  street: 'Mwanakwerekwe',
};
const REPAIR = {
  street_village: "Jang'ombe",
  repair_type: 'painting_finishes',
  repair_description: 'Repaint inside walls.',
  affects_neighbours: false,
  disclaimer_agreed: true,
};

describe.runIf(postgresRun && ((adminUrl && redisUp) || process.env.CI === 'true'))(
  'scale-out: two server processes on one PostgreSQL and one Redis',
  () => {
    const databaseName = `kibali_scaleout_${randomBytes(6).toString('hex')}`;
    const tempDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-scale-out-'));
    const uploadDir = path.join(tempDir, 'shared-uploads');
    const clients: string[] = [];
    let admin: pg.Client | undefined;
    /** One connection (not a pool): `end()` resolves once it is closed, before the database is dropped. */
    let db: pg.Client | undefined;
    let a: Server;
    let b: Server;
    let jobs: Server;
    /** Requests alternate: the i-th goes to A when i is even, to B when odd. */
    const either = (i: number) => (i % 2 === 0 ? a : b);
    const newClient = () => {
      const client = clientAddress();
      clients.push(client);
      return client;
    };

    /** The code of the newest SMS of `purpose` about `reference`, read from the outbox through `server`. */
    async function smsCode(server: Server, reference: string, purpose: string): Promise<string> {
      const outbox = await call<{ message: string; purpose: string }[]>(
        server,
        '/api/dev/outbox',
        {},
        { client: newClient() },
      );
      const sms = outbox.data.find((m) => m.purpose === purpose && m.message.includes(reference));
      expect(sms, `an SMS (${purpose}) about ${reference}`).toBeDefined();
      return /\b(\d{6})\b/.exec(sms!.message)![1]!;
    }

    beforeAll(async () => {
      if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set, and CI=true needs the scale-out suite to run');
      if (!redisUp)
        throw new Error(`Redis is not reachable at ${REDIS_URL}, and CI=true needs the scale-out suite to run`);
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      const databaseUrl = new URL(adminUrl);
      databaseUrl.pathname = `/${databaseName}`;
      db = new pg.Client({ connectionString: databaseUrl.href });
      await db.connect();

      // Each process its own DATA_DIR (unused on PostgreSQL), one UPLOAD_DIR for both: the shared volume.
      const env = (name: string) => ({
        DATABASE_URL: databaseUrl.href,
        REDIS_URL,
        UPLOAD_DIR: uploadDir,
        DATA_DIR: path.join(tempDir, `data-${name}`),
      });
      // Started together on the empty database: both migrate and seed it at once, as a rolling deploy would.
      // As deployed (deploy/systemd): the servers leave the jobs (the SMS among them) to a job runner of
      // their own, so every SMS code below reached the outbox through it.
      const serverEnv = (name: string) => ({ ...env(name), RUN_JOBS: '0' });
      [a, b] = await Promise.all([startServer('A', serverEnv('a')), startServer('B', serverEnv('b'))]);
      await Promise.all([waitUntilReady(a), waitUntilReady(b)]);
      jobs = await startServer('job runner', env('jobs'), 'src/server/jobs-main.ts');
      await waitFor(jobs, async () => jobs.output().includes("Kibali's job runner is running"));
    }, 2 * READY_TIMEOUT_MS);

    afterAll(async () => {
      await Promise.all([a, b, jobs].filter(Boolean).map(stopServer));
      await db?.end();
      if (admin) {
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      }
      if (redisUp && clients.length > 0) {
        const redis = new Redis(REDIS_URL);
        for (const client of clients) {
          const keys = await redis.keys(`${RATE_LIMIT_NAMESPACE}*-${client}`);
          if (keys.length > 0) await redis.del(...keys);
        }
        await redis.quit();
      }
      rmSync(tempDir, { recursive: true, force: true });
      // Each process has 10 s to stop before it is killed (stopServer), then the database is dropped: on a
      // busy machine (CI once took over 30 s here) that is more than the default hook's time.
    }, 90_000);

    it('starts both on an empty database at once: migrated and seeded once, both ready and answering alike', async () => {
      const migrations = await db!.query<{ name: string }>('select name from kysely_migration');
      expect(migrations.rowCount).toBeGreaterThan(0);
      expect(new Set(migrations.rows.map((r) => r.name)).size).toBe(migrations.rowCount);
      const client = newClient();
      const [fromA, fromB] = await Promise.all([
        call(a, '/api/splash/get_splash', {}, { client }),
        call(b, '/api/splash/get_splash', {}, { client }),
      ]);
      expect(fromA.status).toBe(200);
      expect(fromB.data).toEqual(fromA.data);
    });

    // Shared by the tests below, which follow one applicant from draft to signed-out.
    const applicant = newClient();
    let reference = '';
    const uploaded: { id: string; bytes: Buffer; through: Server }[] = [];
    /** Staff reject the application's site plan: after Submit, the one kind of document the dashboard takes again. */
    const rejectSitePlan = () =>
      db!.query(
        `update attachment set status = 'rejected'
         where document_type = 'site_plan' and status <> 'replaced'
           and application_id = (select id from application where reference_number = $1)`,
        [reference.replace('-', '')],
      );
    let cookie = '';

    it('continues on one process a draft saved on the other, and saves it further there', async () => {
      const saved = await call<{ reference_number: string; step_number: number }>(
        a,
        '/api/application/save_and_continue',
        { application_type: 'repair', step_number: 1, data: PERSONAL },
        { client: applicant },
      );
      expect(saved.status).toBe(200);
      reference = saved.data.reference_number;
      expect(saved.data.step_number).toBe(2);

      const started = await call<{ challenge_id: string }>(
        b,
        '/api/application/continue_application',
        { reference_number: reference },
        { client: applicant },
      );
      expect(started.status).toBe(200);
      const code = await smsCode(a, reference, 'continue');
      const opened = await call(
        b,
        '/api/application/verify_code',
        { challenge_id: started.data.challenge_id, code },
        { client: applicant },
      );
      expect(opened.status).toBe(200);
      expect(opened.data).toEqual({
        reference_number: reference,
        application_type: 'repair',
        step_number: 2,
        data: { personal: PERSONAL },
      });

      const further = await call(
        b,
        '/api/application/save_and_continue',
        { application_type: 'repair', step_number: 2, data: REPAIR, reference_number: reference },
        { client: applicant },
      );
      expect(further.status).toBe(200);
      expect(further.data).toEqual({ reference_number: reference, step_number: 3, next_step: 'uploads' });
      const row = await db!.query<{ answers: unknown; step_number: number }>(
        'select answers, step_number from application where reference_number = $1',
        [reference.replace('-', '')],
      );
      expect(row.rows).toEqual([{ answers: { personal: PERSONAL, repair: REPAIR }, step_number: 2 }]);
    });

    it('takes the uploads through both and submits on the other', async () => {
      const splash = await call<{ normal_attachments: RequiredDocument[] }>(
        b,
        '/api/splash/get_splash',
        {},
        { client: applicant },
      );
      const documents: Record<string, string> = {};
      for (const [i, document] of splash.data.normal_attachments.entries()) {
        const pdf = document.accept.includes('application/pdf');
        const bytes = randomFile(pdf ? 'pdf' : 'png', 40_000 + i * 1000);
        const through = either(i);
        const form = new FormData();
        form.set('reference_number', reference);
        form.set('document_type', document.code);
        form.set('file', new Blob([new Uint8Array(bytes)]), `${document.code}.${pdf ? 'pdf' : 'png'}`);
        const res = await fetch(`${through.url}/api/attachment/upload`, {
          method: 'POST',
          headers: { 'x-forwarded-for': applicant, cookie: draftCookieOf(reference)! },
          body: form,
        });
        const body = (await res.json()) as { response: { data: { attachment_id: string; size: number } } };
        expect(res.status, `${document.code} through ${through.name}`).toBe(200);
        expect(body.response.data.size).toBe(bytes.length);
        documents[document.code] = body.response.data.attachment_id;
        uploaded.push({ id: body.response.data.attachment_id, bytes, through });
      }
      expect(uploaded.length).toBeGreaterThanOrEqual(2);
      // Both processes wrote into the one folder.
      expect(readdirSync(uploadDir).sort()).toEqual(uploaded.map((u) => u.id).sort());

      // The repair step was saved through B only: A's submit finds it in the database.
      const submitted = await call(
        a,
        '/api/application/save_final',
        {
          application_type: 'repair',
          reference_number: reference,
          data: { uploads: { documents } },
          declaration: true,
        },
        { client: applicant },
      );
      expect(submitted.status).toBe(200);
      expect(submitted.data).toEqual({ reference_number: reference, status: 'submitted' });
    });

    it('opens a session on one process (captcha from the other) that the other honours', async () => {
      // Issued by A, solved at the production cost, checked by B: the two share ALTCHA_HMAC_KEY.
      const captcha = await call(a, '/api/captcha/new', {}, { client: applicant });
      expect(captcha.status).toBe(200);
      const altcha = await solveCaptcha(captcha.data);
      const started = await call<{ challenge_id: string }>(
        b,
        '/api/application/get_application',
        { reference_number: reference, altcha },
        { client: applicant },
      );
      expect(started.status).toBe(200);
      const code = await smsCode(b, reference, 'sign_in');
      const verified = await call<{ user: { reference_number: string; status: string } }>(
        a,
        '/api/application/verify_code',
        { challenge_id: started.data.challenge_id, code },
        { client: applicant },
      );
      expect(verified.status).toBe(200);
      expect(verified.data.user).toMatchObject({ reference_number: reference, status: 'submitted' });
      cookie = verified.headers.getSetCookie()[0]!.split(';')[0]!;
      expect(cookie).toMatch(/^kibali_session=/);

      const as = { client: applicant, cookie };
      const calls = [
        'get_application',
        'get_attachments',
        'keep_alive',
        'get_notifications',
        'get_invoices',
        'get_permits',
      ];
      for (const [i, name] of calls.entries()) {
        const answered = await call(either(i + 1), `/api/dashboard/${name}`, {}, as);
        expect(answered.status, `${name} on ${either(i + 1).name}`).toBe(200);
      }
      const application = await call<{ reference_number: string; status: string }>(
        b,
        '/api/dashboard/get_application',
        {},
        as,
      );
      expect(application.data).toMatchObject({ reference_number: reference, status: 'submitted' });
      const attachments = await call<{ attachment_id: string }[]>(a, '/api/dashboard/get_attachments', {}, as);
      expect(attachments.data.map((x) => x.attachment_id).sort()).toEqual(uploaded.map((u) => u.id).sort());
    });

    it('serves through one process, byte for byte, the files uploaded through the other', async () => {
      // One more, uploaded from the dashboard (the session's application) through B.
      const extra = randomFile('pdf', 250_000);
      await rejectSitePlan();
      const form = new FormData();
      form.set('document_type', 'site_plan');
      form.set('file', new Blob([new Uint8Array(extra)]), 'site-plan.pdf');
      const res = await fetch(`${b.url}/api/attachment/upload`, {
        method: 'POST',
        headers: { 'x-forwarded-for': applicant, cookie },
        body: form,
      });
      const body = (await res.json()) as { response: { data: { attachment_id: string } } };
      expect(res.status).toBe(200);
      uploaded.push({ id: body.response.data.attachment_id, bytes: extra, through: b });

      for (const file of uploaded) {
        const other = file.through === a ? b : a;
        const download = await fetch(`${other.url}/api/dashboard/download_attachment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': applicant, cookie },
          body: JSON.stringify({ attachment_id: file.id }),
        });
        expect(download.status, `${file.id} through ${other.name}`).toBe(200);
        const bytes = Buffer.from(await download.arrayBuffer());
        expect(bytes.length).toBe(file.bytes.length);
        expect(sha256(bytes)).toBe(sha256(file.bytes));
      }
    });

    // Issue 20: the deployment's own nginx site (deploy/nginx/kibali.conf) in front of both processes:
    // TLS, HTTP/2, the proxy headers, compression and caching of hashed files, uploads and downloads.
    let proxy: Nginx | undefined;
    const ASSET = 'assets/app-Hash1234.js';
    const assetText = 'export const app = "kibali";\n'.repeat(200);
    beforeAll(async () => {
      const client = path.join(tempDir, 'client');
      mkdirSync(path.join(client, 'assets'), { recursive: true });
      writeFileSync(path.join(client, ASSET), assetText);
      writeFileSync(path.join(client, `${ASSET}.gz`), gzipSync(assetText));
      proxy = await startNginx(path.join(tempDir, 'nginx'), [a.port, b.port], client);
    }, 30_000);
    afterAll(() => proxy?.stop());
    const viaProxy = (urlPath: string, options: Parameters<typeof httpsRequest>[3] = {}) =>
      httpsRequest(proxy!.httpsPort, proxy!.ca, urlPath, options);
    const json = (body: unknown, more: Record<string, string> = {}) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...more },
      body: JSON.stringify(body),
    });

    it('behind nginx: HTTP is sent to HTTPS, HTTP/2 is spoken, hashed files come compressed and cached for a year', async () => {
      const plain = await fetch(`http://127.0.0.1:${proxy!.httpPort}/home/landing`, { redirect: 'manual' });
      expect(plain.status).toBe(301);
      expect(plain.headers.get('location')).toBe('https://127.0.0.1/home/landing');

      const session = http2.connect(`https://127.0.0.1:${proxy!.httpsPort}`, { ca: proxy!.ca });
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const request = session.request({ ':path': '/readyz' });
          request.on('response', (headers) => resolve(Number(headers[':status'])));
          request.on('error', reject);
          request.end();
        });
        expect(status).toBe(200);
        expect(session.alpnProtocol).toBe('h2');
      } finally {
        session.close();
      }

      const asset = await viaProxy(`/${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(asset.status).toBe(200);
      expect(asset.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(asset.body).toString()).toBe(assetText);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['strict-transport-security']).toBe('max-age=31536000');
      expect((await viaProxy('/assets/app-Missing1.js')).status).toBe(404);
    });

    it('behind nginx: cookies are Secure, and a client cannot choose the address it is counted by', async () => {
      const save = { application_type: 'repair', step_number: 1, data: PERSONAL };
      const saved = await viaProxy(
        '/api/application/save_and_continue',
        json(save, { 'x-forwarded-for': clientAddress() }),
      );
      expect(saved.status).toBe(200);
      const draftCookie = ([] as string[])
        .concat(saved.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('kibali_draft_'));
      expect(draftCookie).toMatch(/; Secure/i);
      // Straight to a server over plain HTTP the same cookie is not Secure: the proxy's HTTPS makes it so.
      const direct = await call(a, '/api/application/save_and_continue', save, { client: newClient() });
      expect(direct.headers.getSetCookie().find((c) => c.startsWith('kibali_draft_'))).not.toMatch(/Secure/i);

      // nginx replaces whatever X-Forwarded-For a client sends with the address it sees: ten new
      // "clients" are one client, and the eleventh captcha is refused (10 per client per 15 minutes).
      clients.push('127.0.0.1');
      for (let i = 0; i < 10; i++) {
        const answer = await viaProxy('/api/captcha/new', json({}, { 'x-forwarded-for': clientAddress() }));
        expect(answer.status, `captcha ${i + 1}`).toBe(200);
      }
      const over = await viaProxy('/api/captcha/new', json({}, { 'x-forwarded-for': clientAddress() }));
      expect(over.status).toBe(429);
    });

    it('behind nginx: an upload arrives whole and comes back byte for byte; a body over the limit stops at nginx', async () => {
      const bytes = randomFile('pdf', 3_000_000);
      await rejectSitePlan();
      const form = new FormData();
      form.set('document_type', 'site_plan');
      form.set('file', new Blob([new Uint8Array(bytes)]), 'site-plan.pdf');
      const multipart = new Request('http://multipart.invalid/', { method: 'POST', body: form });
      const up = await viaProxy('/api/attachment/upload', {
        method: 'POST',
        headers: { 'content-type': multipart.headers.get('content-type')!, cookie },
        body: Buffer.from(await multipart.arrayBuffer()),
      });
      expect(up.status, up.body.toString()).toBe(200);
      const id = (JSON.parse(up.body.toString()) as { response: { data: { attachment_id: string } } }).response.data
        .attachment_id;
      const down = await viaProxy('/api/dashboard/download_attachment', json({ attachment_id: id }, { cookie }));
      expect(down.status).toBe(200);
      expect(sha256(down.body)).toBe(sha256(bytes));

      // Announced larger than client_max_body_size: nginx answers 413 before a byte of it reaches a server.
      const tooBig = await viaProxy('/api/attachment/upload', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(12 * 1024 * 1024), cookie },
        body: 'x',
      });
      expect(tooBig.status).toBe(413);
    });

    it('ends the session on both when the applicant logs out on one', async () => {
      const as = { client: applicant, cookie };
      expect((await call(b, '/api/dashboard/keep_alive', {}, as)).status).toBe(200);
      const loggedOut = await call(a, '/api/application/logout', {}, as);
      expect(loggedOut.status).toBe(200);
      expect((await call(b, '/api/dashboard/get_application', {}, as)).status).toBe(401);
      expect((await call(a, '/api/dashboard/get_application', {}, as)).status).toBe(401);
    });

    it('shares the rate limits: the try over the limit is refused whichever process gets it', async () => {
      const isLimited = (answer: Answer<unknown>) => answer.status === 429 && answer.headers.has('retry-after');

      // /api/captcha/new: 10 per client per 15 minutes, counted across both processes.
      const client = newClient();
      for (let i = 0; i < 10; i++) {
        const answer = await call(either(i), '/api/captcha/new', {}, { client });
        expect(answer.status, `captcha ${i + 1} on ${either(i).name}`).toBe(200);
      }
      for (let i = 10; i < 12; i++) {
        const answer = await call(either(i), '/api/captcha/new', {}, { client });
        expect(isLimited(answer), `captcha ${i + 1} on ${either(i).name}`).toBe(true);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      }
      // Per client, not for everyone.
      expect((await call(b, '/api/captcha/new', {}, { client: newClient() })).status).toBe(200);

      // View's sign-in, get_application: 10 tries per client per 15 minutes, wrong captchas included.
      const signIn = newClient();
      const wrong = { reference_number: reference, altcha: Buffer.from('{"challenge":{}}').toString('base64') };
      for (let i = 0; i < 10; i++) {
        const answer = await call(either(i + 1), '/api/application/get_application', wrong, { client: signIn });
        expect(answer.status, `sign-in ${i + 1} on ${either(i + 1).name}`).toBe(422);
      }
      for (let i = 10; i < 12; i++) {
        const answer = await call(either(i + 1), '/api/application/get_application', wrong, { client: signIn });
        expect(isLimited(answer), `sign-in ${i + 1} on ${either(i + 1).name}`).toBe(true);
      }
    });
  },
);
