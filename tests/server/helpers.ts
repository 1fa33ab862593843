import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { vi } from 'vitest';
import { buildApp, LOCALES_DIR, SCHEMAS_DIR, type KibaliApp } from '../../src/server/app';
import type { EngineerProofs } from '../../src/server/applications/applications-service';
import type { RequiredDocument } from '../../src/shared/reference-data';
import { FormRegistry } from '../../src/server/forms/form-registry';
import type { IdentityRegistry } from '../../src/server/identity/identity-registry';
import type { RateLimitSettings } from '../../src/server/http/rate-limits';
import type { SessionLimits } from '../../src/server/sessions/session-store';
import type { RunnerTiming } from '../../src/server/jobs/job-runner';
import type { SmsRetryPolicy } from '../../src/server/sms/sms-queue';
import { testConfig, type Config } from '../../src/server/config';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';

const databaseUrl = process.env.TEST_DATABASE_URL;

// A fresh database is migrated and seeded per app: seconds, not milliseconds, when files run side by side.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Suites run once per kind. */
export const databaseKinds: DatabaseKind[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated, empty database: PGlite in memory, or its own schema in PostgreSQL (dropped on close). */
export async function openTestDatabase(kind: DatabaseKind = 'pglite'): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await migrateToLatest(database.db);
    return database;
  }
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ databaseUrl, schema });
  const close = async () => {
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
      // The job runner's tables, beside the test's schema (jobsSchemaFor).
      await sql`drop schema if exists ${sql.id(`${schema}_pgboss`)} cascade`.execute(database.db);
    } finally {
      await database.close();
    }
  };
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...database, close };
}

export interface TestApp {
  app: KibaliApp;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface TestAppOptions {
  kind?: DatabaseKind;
  splashRecheckMs?: number;
  /** Forms of its own, e.g. from a temporary copy of schemas/ that the test edits. */
  forms?: FormRegistry;
  /** How the engineer step's validation token is checked; by default only tokens from validate_otp pass. */
  engineerProofs?: EngineerProofs;
  /** The ZanID registry; by default the demo registry. */
  identityRegistry?: IdentityRegistry;
  /** Other rate-limit numbers (e.g. `{ limits: { sign_in: { max: 1000 } } }`) or Redis key prefix. */
  rateLimits?: RateLimitSettings;
  /** Other idle and maximum session lengths. */
  sessionLimits?: SessionLimits;
  /** Shorter SMS retry delays and job polling, for the tests that start the job runner (`app.jobs.start()`). */
  smsRetry?: SmsRetryPolicy;
  jobTiming?: RunnerTiming;
}

let sharedForms: Promise<FormRegistry> | undefined;
/** The repository's forms, loaded once per test file (they are read-only unless a test reloads its own). */
function repositoryForms(): Promise<FormRegistry> {
  sharedForms ??= FormRegistry.open(SCHEMAS_DIR, LOCALES_DIR);
  return sharedForms;
}

/**
 * The whole API on a fresh, seeded database. The app is not yet ready, so a test may still add routes;
 * `inject` readies it. `close` closes the app and then the database (idempotent).
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(options.kind);
  try {
    await seedReferenceData(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({
    config: testConfig({ STATIC_DIR: '/nonexistent', ...overrides }),
    database,
    forms: options.forms ?? (await repositoryForms()),
    ...(options.splashRecheckMs === undefined ? {} : { splashRecheckMs: options.splashRecheckMs }),
    ...(options.engineerProofs === undefined ? {} : { engineerProofs: options.engineerProofs }),
    ...(options.identityRegistry === undefined ? {} : { identityRegistry: options.identityRegistry }),
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
    ...(options.sessionLimits === undefined ? {} : { sessionLimits: options.sessionLimits }),
    ...(options.smsRetry === undefined ? {} : { smsRetry: options.smsRetry }),
    ...(options.jobTiming === undefined ? {} : { jobTiming: options.jobTiming }),
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

/** POSTs `body` as JSON (a string is sent as is) and parses the answer. */
export async function post<T = Envelope>(
  app: KibaliApp,
  url: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
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

/** The smallest files the upload endpoint accepts by their content: a PDF, and a 1×1 PNG for image-only documents. */
export const TINY_PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(200, 32),
  Buffer.from('\n%%EOF\n'),
]);
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b20000000049454e44ae426082',
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
): Promise<Answer<Envelope<{ attachment_id?: string }>>> {
  const form = new FormData();
  form.set('reference_number', fields.reference_number);
  form.set('document_type', fields.document_type);
  form.set('file', new Blob([new Uint8Array(file)]), name);
  const res = await fetch(`${app.listeningOrigin}/api/attachment/upload`, { method: 'POST', body: form });
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
