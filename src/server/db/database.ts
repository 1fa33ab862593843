import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PGlite in memory: its whole data directory as a tarball, to open copies of it (tests' migrated template). */
  dump?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; unset means an in-memory database (tests). */
  pgliteDir?: string | undefined;
  /** PostgreSQL schema to work in (tests give each suite its own). */
  schema?: string | undefined;
  /**
   * PostgreSQL: how long a query may wait for its answer before its connection is given up (ms);
   * unset, as long as it takes (migrations). The server sets it so that a database that stopped
   * answering gives a 503 in time instead of a hanging request.
   */
  queryTimeoutMs?: number | undefined;
  /** PGlite in memory: start from this dump of another database (DatabaseHandle.dump) instead of an empty one. */
  pgliteDump?: Blob | undefined;
}

/** PostgreSQL: making a connection fails after this (ms), as does waiting for one while the database is down. */
export const CONNECT_TIMEOUT_MS = 1500;
/** PostgreSQL: waiting for a free connection while the database answers (a burst) fails after this (ms). */
export const BUSY_WAIT_MS = 10_000;

/**
 * PGlite's memory is WebAssembly memory, which only grows: 16 MB of shared buffers instead of
 * PostgreSQL's 128 MB keep a server on PGlite near 220 MB idle and 420 MB after the bench's load
 * instead of 430 and 565 (the files stay in the OS's cache; the bench saw no slower saves).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * A new PGlite database is created in a worker thread, whose memory goes when it ends: initdb takes
 * ~600 MB that the server would otherwise keep for as long as it runs.
 */
async function createPgliteDir(dir: string): Promise<void> {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     import(workerData.url).then(async ({ PGlite }) => {
       const db = new PGlite(workerData.dir);
       await db.waitReady;
       await db.close();
     });`,
    { eval: true, workerData: { url: import.meta.resolve('@electric-sql/pglite'), dir } },
  );
  const code = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`The embedded database could not be created in ${dir}`);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema, options.queryTimeoutMs);
  // Each driver is loaded only when used: a server starts that much sooner (after a crash too).
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.pgliteDir && !existsSync(path.join(options.pgliteDir, 'PG_VERSION'))) {
    await createPgliteDir(options.pgliteDir);
  }
  const pglite = new PGlite(options.pgliteDir ?? 'memory://', {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    ...(options.pgliteDump && !options.pgliteDir ? { loadDataDir: options.pgliteDump } : {}),
  });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: () => db.destroy(),
    ...(options.pgliteDir ? {} : { dump: () => pglite.dumpDataDir('none') }),
  };
}

async function openPostgres(
  connectionString: string,
  schema?: string,
  queryTimeoutMs?: number,
): Promise<DatabaseHandle> {
  const [{ default: pg }, { clientWithConnectTimeout, GuardedPool }] = await Promise.all([
    import('pg'),
    import('./postgres-pool'),
  ]);
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A database that does not answer must not hang requests: fail fast and let the caller answer 503.
    Client: clientWithConnectTimeout(CONNECT_TIMEOUT_MS),
    // A connection cut without a word (a network gone) is noticed by the kernel, not only by a timeout.
    keepAlive: true,
    ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new GuardedPool(pool, { busyMs: BUSY_WAIT_MS, downMs: CONNECT_TIMEOUT_MS }),
    }),
  });
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** Resolves when the database answers a trivial query (readiness, /readyz); rejects when it does not. */
export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
