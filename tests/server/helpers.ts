import { Redis } from 'ioredis';
import { buildApp, type AppDependencies, type KibaliApp } from '../../src/server/app';
import type { EngineerProofs } from '../../src/server/applications/applications-service';
import type { RequiredDocument } from '../../src/shared/reference-data';
import type { IdentityRegistry } from '../../src/server/identity/identity-registry';
import { scaledLimits, type RateLimitSettings } from '../../src/server/http/rate-limits';
import type { SessionLimits } from '../../src/server/sessions/session-store';
import type { ProofOfWork } from '../../src/server/captcha/captcha-service';
import type { RunnerTiming } from '../../src/server/jobs/job-runner';
import type { SmsRetryPolicy } from '../../src/server/sms/sms-queue';
import type { PaymentTiming } from '../../src/server/payments/payment-timing';
import { testConfig, type Config } from '../../src/server/config';
import type { DatabaseHandle, DatabaseKind } from '../../src/server/db/database';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';
import { flowSample } from '../fixtures/step-samples';
import { openTestDatabase } from './test-databases';

export { openTestDatabase };

const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * The databases the suites run on, once per kind: those TEST_DATABASE_KINDS names (`pglite`,
 * `postgres`, or both with a comma: `.ci/run` gives each Node version one), else PGlite, and
 * PostgreSQL too when TEST_DATABASE_URL is set.
 */
export const databaseKinds: DatabaseKind[] = chosenKinds(process.env.TEST_DATABASE_KINDS);

/** Whether this run covers PostgreSQL: the suites only it has (scale-out, the export's import) run then. */
export const postgresRun = databaseKinds.includes('postgres');

function chosenKinds(named: string | undefined): DatabaseKind[] {
  if (!named) return databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
  const kinds = named.split(',').map((kind) => kind.trim());
  for (const kind of kinds)
    if (kind !== 'pglite' && kind !== 'postgres')
      throw new Error(`TEST_DATABASE_KINDS: "${kind}" is not pglite or postgres`);
  if (kinds.includes('postgres') && !databaseUrl)
    throw new Error('TEST_DATABASE_KINDS names postgres: TEST_DATABASE_URL must say where it is');
  return kinds as DatabaseKind[];
}

export interface TestApp {
  app: KibaliApp;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface TestAppOptions {
  kind?: DatabaseKind;
  /** Hears of each route as it is added. */
  onRoute?: AppDependencies['onRoute'];
  splashRecheckMs?: number;
  /** Forms of its own: a folder in the layout of schemas/ (e.g. a temporary copy the test edits), published on build. */
  formsDir?: string;
  /** How often the forms recheck the database for a newer version (ms). */
  formsRecheckMs?: number;
  /** How the engineer step's validation token is checked; by default only tokens from validate_otp pass. */
  engineerProofs?: EngineerProofs;
  /** The ZanID registry; by default the demo registry. */
  identityRegistry?: IdentityRegistry;
  /** Other rate-limit numbers (e.g. `{ limits: { sign_in: { max: 1000 } } }`) or Redis key prefix. */
  rateLimits?: RateLimitSettings;
  /** Other idle and maximum session lengths. */
  sessionLimits?: SessionLimits;
  /** The captcha's proof-of-work cost; by default TEST_CAPTCHA_WORK. */
  captchaWork?: ProofOfWork;
  /** Shorter SMS retry delays and job polling, for the tests that start the job runner (`app.jobs.start()`). */
  smsRetry?: SmsRetryPolicy;
  jobTiming?: RunnerTiming;
  /** Shorter bill raise retries, re-issue and reconciliation timings (payments tests). */
  paymentTiming?: PaymentTiming;
  /** Other upload quotas (scaled down, so that a test reaches them with small files). */
  uploadLimits?: AppDependencies['uploadLimits'];
  /** A database no other test used, which `database.close()` really closes (openTestDatabase's `fresh`). */
  freshDatabase?: boolean;
}

/**
 * The limits counted per draft, per reference number and per new draft are raised for tests that make
 * many drafts from one address (every test client is 127.0.0.1), unless the test names its own.
 */
const MANY = { max: 100_000 };
function withTestLimits(settings: RateLimitSettings | undefined): RateLimitSettings {
  return {
    ...settings,
    limits: { draft_write: MANY, new_draft: MANY, by_reference: MANY, ...settings?.limits },
  };
}
/** A proof of work solved in a few milliseconds: tests solve challenges for real, only cheaper ones. */
export const TEST_CAPTCHA_WORK: ProofOfWork = { cost: 1, counterMin: 1, counterMax: 30 };

/**
 * The whole API on a fresh, seeded database. The app is not yet ready, so a test may still add routes;
 * `inject` readies it. `close` closes the app and then the database (idempotent).
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(options.kind, options.freshDatabase);
  try {
    await seedReferenceData(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const config = testConfig({ STATIC_DIR: '/nonexistent', ...overrides });
  const app = await buildApp({
    config,
    database,
    ...(options.formsDir === undefined ? {} : { formsDir: options.formsDir }),
    ...(options.formsRecheckMs === undefined ? {} : { formsRecheckMs: options.formsRecheckMs }),
    ...(options.splashRecheckMs === undefined ? {} : { splashRecheckMs: options.splashRecheckMs }),
    ...(options.engineerProofs === undefined ? {} : { engineerProofs: options.engineerProofs }),
    ...(options.identityRegistry === undefined ? {} : { identityRegistry: options.identityRegistry }),
    rateLimits: withTestLimits(options.rateLimits ?? scaledLimits(config.RATE_LIMIT_FACTOR)),
    ...(options.sessionLimits === undefined ? {} : { sessionLimits: options.sessionLimits }),
    captchaWork: options.captchaWork ?? TEST_CAPTCHA_WORK,
    ...(options.smsRetry === undefined ? {} : { smsRetry: options.smsRetry }),
    ...(options.jobTiming === undefined ? {} : { jobTiming: options.jobTiming }),
    ...(options.paymentTiming === undefined ? {} : { paymentTiming: options.paymentTiming }),
    ...(options.onRoute === undefined ? {} : { onRoute: options.onRoute }),
    ...(options.uploadLimits === undefined ? {} : { uploadLimits: options.uploadLimits }),
  });
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      try {
        await app.close();
      } finally {
        await database.close();
      }
    })());
  return { app, database, close };
}

export interface Answer<T = Envelope> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T | undefined;
}

export interface Envelope<D = Record<string, unknown>> {
  response: { code: number; message: string; data: D };
}

function parse(payload: string): unknown {
  if (payload === '') return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/**
 * The draft cookies a test app's "browser" holds (set by the saves that created its drafts, or by a
 * continue): `post` and `uploadFile` send them and keep new ones, as the browser that made a draft does.
 * A test of a stranger sends none (`{ asStranger: true }`) or names its own jar.
 */
const draftJars = new WeakMap<object, Map<string, string>>();
const DRAFT_COOKIE = /^(?:__Host-)?kibali_draft_/;

export function draftJar(app: KibaliApp): Map<string, string> {
  let jar = draftJars.get(app);
  if (!jar) draftJars.set(app, (jar = new Map()));
  return jar;
}

/** Another browser's jar for `app` (e.g. a second server of one database shares the first's). */
export function shareDraftJar(from: KibaliApp, to: KibaliApp): void {
  draftJars.set(to, draftJar(from));
}

function keepDraftCookies(jar: Map<string, string>, setCookie: string | string[] | number | undefined | null): void {
  const lines = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
  for (const line of lines) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    if (!DRAFT_COOKIE.test(name)) continue;
    const value = pair.slice(at + 1).trim();
    if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

function withDraftCookies(
  jar: Map<string, string> | undefined,
  headers: Record<string, string>,
): Record<string, string> {
  if (!jar || jar.size === 0) return headers;
  const drafts = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const cookie = headers.cookie ? `${headers.cookie}; ${drafts}` : drafts;
  return { ...headers, cookie };
}

/** The Cookie header of the app's draft cookies, for a test's own HTTP calls (e.g. multipart uploads). */
export function draftCookieHeaders(app: KibaliApp): Record<string, string> {
  return withDraftCookies(draftJar(app), {});
}

export interface PostOptions {
  /** Sends no draft cookie and keeps none: the caller knows only what is in the body. */
  asStranger?: boolean;
  /** Another browser's draft cookies instead of the app's own. */
  jar?: Map<string, string>;
}

/** POSTs `body` as JSON (a string is sent as is) and parses the answer. */
export async function post<T = Envelope>(
  app: KibaliApp,
  url: string,
  body: unknown = {},
  headers: Record<string, string> = {},
  options: PostOptions = {},
): Promise<Answer<T>> {
  const jar = options.asStranger ? undefined : (options.jar ?? draftJar(app));
  const res = await app.inject({
    method: 'POST',
    url,
    headers: withDraftCookies(jar, { 'content-type': 'application/json', accept: 'application/json', ...headers }),
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  if (jar) keepDraftCookies(jar, res.headers['set-cookie']);
  return { status: res.statusCode, headers: res.headers, body: parse(res.payload) as T | undefined };
}

/** A GET, parsed like `post`. */
export async function get<T = Envelope>(
  app: KibaliApp,
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, body: parse(res.payload) as T | undefined };
}

/**
 * Sends an engineer's code about a new draft of this app's "browser": a code is always asked about a
 * draft, by its owner (the draft cookie goes with the call).
 */
export async function sendEngineerCode(
  app: KibaliApp,
  engineer_id: string,
  headers: Record<string, string> = {},
): Promise<Answer & { reference_number: string }> {
  const saved = await post<Envelope<{ reference_number: string }>>(app, '/api/application/save_and_continue', {
    application_type: 'new',
    step_number: 1,
    data: flowSample('new').personal,
  });
  if (saved.status !== 200) throw new Error(`saving a draft answered ${saved.status}`);
  const { reference_number } = saved.body!.response.data;
  return {
    ...(await post(app, '/api/engineer/send_otp', { engineer_id, reference_number }, headers)),
    reference_number,
  };
}

/** The smallest files the upload endpoint accepts by their content: a PDF, and a 1×1 PNG for image-only documents. */
export const TINY_PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(200, 32),
  Buffer.from('\n%%EOF\n'),
]);
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8ffffff7f0009fb03fd2a86e38a0000000049454e44ae426082',
  'hex',
);

/**
 * Uploads one file as `document_type` to the draft `reference_number`, over real HTTP (multipart does
 * not go through `inject`): the app must be listening, e.g. `await t.app.listen({ port: 0, host: '127.0.0.1' })`.
 */
export async function uploadFile(
  app: KibaliApp,
  fields: { reference_number: string; document_type: string },
  file: Buffer = TINY_PDF,
  name = 'document.pdf',
  options: PostOptions & { headers?: Record<string, string> } = {},
): Promise<Answer<Envelope<{ attachment_id?: string }>>> {
  const form = new FormData();
  form.set('reference_number', fields.reference_number);
  form.set('document_type', fields.document_type);
  form.set('file', new Blob([new Uint8Array(file)]), name);
  const jar = options.asStranger ? undefined : (options.jar ?? draftJar(app));
  const res = await fetch(`${app.listeningOrigin}/api/attachment/upload`, {
    method: 'POST',
    body: form,
    headers: withDraftCookies(jar, options.headers ?? {}),
  });
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: parse(await res.text()) as Envelope<{ attachment_id?: string }> | undefined,
  };
}

/**
 * Uploads a tiny valid file as each document to the draft (a PNG where only images are accepted, a PDF
 * otherwise) and answers the uploads step that names them: `{ documents: { [code]: attachment id } }`.
 */
export async function uploadDocuments(
  app: KibaliApp,
  reference_number: string,
  documents: Pick<RequiredDocument, 'code' | 'accept'>[],
): Promise<{ documents: Record<string, string> }> {
  const named: Record<string, string> = {};
  for (const { code, accept } of documents) {
    const pdf = accept.includes('application/pdf');
    const res = await uploadFile(
      app,
      { reference_number, document_type: code },
      pdf ? TINY_PDF : TINY_PNG,
      pdf ? `${code}.pdf` : `${code}.png`,
    );
    const id = res.body?.response.data.attachment_id;
    if (res.status !== 200 || !id) throw new Error(`uploading ${code} answered ${res.status}`);
    named[code] = id;
  }
  return { documents: named };
}

/** The Redis the Redis suites use (CI has one on 127.0.0.1:6379). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` within a second (the suites that need one skip, or fail in CI). */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** The code the latest SMS to `phone` brought (the outbox of development and tests). */
export async function smsCode(t: TestApp, phone: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('sms_outbox')
    .select('message')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.message)![1]!;
}
