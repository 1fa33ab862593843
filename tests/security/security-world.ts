import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SCHEMAS_DIR, type KibaliApp } from '../../src/server/app';
import { readSamples } from '../../src/server/forms/sample-files';
import { normalizeReferenceNumber } from '../../src/server/applications/reference-number';
import { seedDemo, type DemoApplication } from '../../src/server/demo/demo-seed';
import { SESSION_COOKIE } from '../../src/server/sessions/session-cookie';
import { SessionStore } from '../../src/server/sessions/session-store';
import { DraftOwners } from '../../src/server/drafts/draft-owners';
import { createTestApp, type TestApp, type TestAppOptions } from '../server/helpers';

/**
 * The security suite's world: the whole API (development tools and back office on) on a fresh
 * database holding the demo applications (made the way real ones are: saved, uploaded, submitted,
 * moved by the back office), their files in the data directory, and helpers to sign in as one of
 * them, list every route the app serves and fingerprint all stored state.
 */

export const STAFF_TOKEN = 'security-suite-staff-token-0123456789abcdef';
export const STAFF_AUTH = { authorization: `Bearer ${STAFF_TOKEN}` };
/** Limits high enough that hostile bodies reach the handlers instead of a 429. */
const UNLIMITED = { max: 1_000_000 };

export interface Applicant {
  reference: string;
  /** Stored form (no dash). */
  stored: string;
  id: number;
  status: string;
  phone: string;
  attachmentIds: string[];
  invoiceIds: string[];
  permitNumbers: string[];
}

export interface World {
  t: TestApp;
  app: KibaliApp;
  dataDir: string;
  uploadsDir: string;
  demo: DemoApplication[];
  /** The demo applications by status (submitted, under_review, approved, permit_issued, …, draft): the first of each. */
  applicants: Record<string, Applicant>;
  /** Every demo application. */
  list: Applicant[];
  /** The demo application in this status (throws when the demo data has none). */
  applicant(status: string): Applicant;
  /** A new live session of the application (by its id): the Cookie header value. */
  sessionCookie(applicant: Pick<Applicant, 'id'>): Promise<string>;
  /** A new proof of the draft's owner, as the browser that made it holds it: the Cookie header value. */
  draftCookie(applicant: Pick<Applicant, 'id' | 'stored'>): Promise<string>;
  close(): Promise<void>;
}

export async function createWorld(
  overrides: Record<string, unknown> = {},
  options: Pick<TestAppOptions, 'engineerProofs'> = {},
): Promise<World> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-security-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const t = await createTestApp(
    { DEV_TOOLS: true, STAFF_API_TOKEN: STAFF_TOKEN, DATA_DIR: dataDir, ...overrides },
    {
      ...options,
      rateLimits: {
        limits: { sign_in: UNLIMITED, captcha: UNLIMITED, engineer_code: UNLIMITED, zanid: UNLIMITED },
      },
    },
  );
  const db = t.database.db;
  const samples = await readSamples(SCHEMAS_DIR);
  const demo = await seedDemo({ db, forms: t.app.forms.registry, uploadsDir, samples });
  const applicants: Record<string, Applicant> = {};
  const list: Applicant[] = [];
  for (const entry of demo) {
    const stored = normalizeReferenceNumber(entry.reference_number)!;
    const row = await db
      .selectFrom('application')
      .select(['id', 'status'])
      .where('reference_number', '=', stored)
      .executeTakeFirstOrThrow();
    const ids = async (table: 'attachment' | 'invoice') =>
      (await db.selectFrom(table).select('id').where('application_id', '=', row.id).execute()).map((r) => r.id);
    const permits = await db
      .selectFrom('permit')
      .select('permit_number')
      .where('application_id', '=', row.id)
      .execute();
    const applicant: Applicant = {
      reference: entry.reference_number,
      stored,
      id: row.id,
      status: row.status,
      phone: entry.phone,
      attachmentIds: await ids('attachment'),
      invoiceIds: await ids('invoice'),
      permitNumbers: permits.map((p) => p.permit_number),
    };
    list.push(applicant);
    applicants[row.status] ??= applicant;
  }
  await t.app.ready();
  const sessions = new SessionStore(db);
  const owners = new DraftOwners(db);
  return {
    t,
    app: t.app,
    dataDir,
    uploadsDir,
    demo,
    applicants,
    list,
    applicant: (status) => {
      const found = applicants[status];
      if (!found) throw new Error(`The demo data has no ${status} application`);
      return found;
    },
    sessionCookie: async (applicant) => `${SESSION_COOKIE}=${(await sessions.create(applicant.id)).token}`,
    draftCookie: async (applicant) => `kibali_draft_${applicant.stored}=${await owners.issue(applicant.id)}`,
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Route {
  method: string;
  url: string;
}

/**
 * Every route the app serves, read from the app itself (Fastify's route tree), so that a new route is
 * covered by every sweep without a change here. HEAD routes that Fastify adds for GET are left out.
 */
export function listRoutes(app: KibaliApp): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack.length = depth;
    stack.push(url);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/** The JSON body schema the route declares (from the OpenAPI document the app serves), if any. */
export function bodySchemaOf(app: KibaliApp, route: Route): JsonSchema | undefined {
  const doc = app.swagger() as {
    paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  };
  const openApiPath = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
  return doc.paths?.[openApiPath]?.[route.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
}

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxProperties?: number;
}

/**
 * A fingerprint of every stored thing: each table of the database (found in the catalog, so a new
 * table is included) as its row count and a hash of its rows, and the files of the uploads folder.
 * Left out, as changes a refused request is meant to make: a session's last-seen time (any call
 * with a live session counts as activity) and a one-time code's count of wrong tries (the limit on guessing).
 */
export async function snapshot(world: World): Promise<Record<string, string>> {
  const db = world.t.database.db;
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const parts = tables.rows.map(
    ({ table_name }) =>
      sql`select ${table_name}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(r, '|' order by r)), '') as fingerprint
          from (select (to_jsonb(x) - 'last_seen_at' - 'attempts')::text as r from ${sql.table(table_name)} x) rows`,
  );
  const rows = await sql<{ name: string; fingerprint: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  const out: Record<string, string> = Object.fromEntries(rows.rows.map((r) => [r.name, r.fingerprint]));
  out['files:uploads'] = storedFiles(world).join(',');
  return out;
}

/**
 * Watches stored state across requests. PostgreSQL gives a transaction id only to a transaction that
 * writes, so while the next id (the snapshot's xmax) is unchanged and the uploads folder lists the
 * same files, nothing was stored, and the full fingerprint is taken only after a write.
 */
export class StateWatch {
  private nextXid = '';
  private state: Record<string, string> = {};

  constructor(private readonly world: World) {}

  private async xmax(): Promise<string> {
    const { rows } = await sql<{ s: string }>`select pg_current_snapshot()::text as s`.execute(
      this.world.t.database.db,
    );
    return rows[0]!.s.split(':')[1]!;
  }

  async start(): Promise<void> {
    this.nextXid = await this.xmax();
    this.state = await snapshot(this.world);
  }

  /** After a request: what changed since the last call (empty when nothing did), and the new baseline. */
  async changes(): Promise<Record<string, { before: string | undefined; after: string | undefined }>> {
    const nextXid = await this.xmax();
    if (nextXid === this.nextXid && storedFiles(this.world).join(',') === this.state['files:uploads']) return {};
    const now = await snapshot(this.world);
    const changed: Record<string, { before: string | undefined; after: string | undefined }> = {};
    for (const name of new Set([...Object.keys(now), ...Object.keys(this.state)])) {
      if (now[name] !== this.state[name]) changed[name] = { before: this.state[name], after: now[name] };
    }
    this.nextXid = nextXid;
    this.state = now;
    return changed;
  }
}

/** The names in the uploads folder (partial files included). */
export function storedFiles(world: World): string[] {
  return existsSync(world.uploadsDir) ? readdirSync(world.uploadsDir).sort() : [];
}

/** An answer is the envelope, HTTP status equal to its code, a message, data and never a stack trace. */
export function envelopeProblem(status: number, contentType: unknown, payload: string): string | undefined {
  if (!String(contentType ?? '').startsWith('application/json')) return `not JSON (${String(contentType)})`;
  let body: { response?: { code?: unknown; message?: unknown; data?: unknown } };
  try {
    body = JSON.parse(payload) as typeof body;
  } catch {
    return 'not parseable JSON';
  }
  const response = body?.response;
  if (!response || typeof response !== 'object') return 'no response envelope';
  if (response.code !== status) return `code ${String(response.code)} is not the HTTP status ${status}`;
  if (typeof response.message !== 'string' || response.message === '') return 'no message';
  if (typeof response.data !== 'object' || response.data === null) return 'no data object';
  if (/\\n\s+at \S+ \(|"stack"/.test(payload)) return 'a stack trace';
  return undefined;
}
