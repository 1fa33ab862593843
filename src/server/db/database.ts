import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; unset means an in-memory database (tests). */
  pgliteDir?: string | undefined;
  /** PostgreSQL schema to work in (tests give each suite its own). */
  schema?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema);
  const pglite = new PGlite(options.pgliteDir ?? 'memory://');
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

async function openPostgres(connectionString: string, schema?: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A database that does not answer must not hang requests: fail fast and let the caller answer 503.
    connectionTimeoutMillis: 2000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  return { db, kind: 'postgres', close: () => db.destroy() };
}
