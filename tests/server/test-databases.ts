import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isAlive } from '../../src/server/db/data-dir-lock';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { clockFakings, dateIsFake, whenDateIsFaked } from './fake-clock';

// The tests' databases: migrated and empty, PGlite in memory or a schema of its own in PostgreSQL. A
// run asks for ~190 of them. Making one costs ~0.5 s of CPU (a copy of PGlite's template opened, or a
// PostgreSQL schema migrated), and dropping it more; putting a used one back as it was costs ~0.05 s.
// So a database a test closed is kept, and given to the next test of the worker (the `node` project's
// files share their worker's modules) once put back exactly as a new one reads: its rows, the rows the
// migrations wrote, its sequences. One changed beyond its rows (a table made) is closed instead.

const databaseUrl = process.env.TEST_DATABASE_URL;

/** At most this many closed databases of each kind are kept per worker. */
const IDLE = 2;

/** A database of the tests, its app's schema and its job runner's beside it (jobsSchemaFor). */
interface TestDatabase {
  handle: DatabaseHandle;
  schemas: { app: string; jobs: string };
}

/** A table or sequence of the app's schema, or of the job runner's. */
interface Named {
  jobs: boolean;
  name: string;
}

/**
 * What a test may change, as a new database has it: the tables (every one but the migrations' own;
 * pg-boss's jobs, schedules and its version row, whose times say when its cron last ran; not its
 * queues, which the app makes again, empty, as it starts), the rows the migrations put in some of them
 * (public holidays, the reference data's version, pg-boss's version) and where every sequence stands.
 */
interface Template {
  /** What the app's schema is made of (its relations and functions). */
  shape: string;
  tables: Named[];
  rows: { table: Named; json: string }[];
  sequences: (Named & { value: string; called: boolean })[];
}

const idle: Record<DatabaseKind, TestDatabase[]> = { pglite: [], postgres: [] };

// An idle PGlite database is alive while another file fakes Date: its PostgreSQL would arm a timeout for
// the fake time and, once Date is real again, spin on it (fake-clock.ts). Closed before Date is faked.
whenDateIsFaked(() => {
  for (const database of idle.pglite.splice(0)) void database.handle.close().catch(() => undefined);
});
const templates: Partial<Record<DatabaseKind, Promise<Template>>> = {};

const JOB_TABLES = ['job', 'archive', 'schedule', 'subscription', 'version'];
const qualified = (database: TestDatabase, { jobs, name }: Named) =>
  sql.id(jobs ? database.schemas.jobs : database.schemas.app, name);

async function shapeOf(database: TestDatabase): Promise<string> {
  const { rows } = await sql<{ shape: string }>`
    select (select string_agg(relname || ':' || relkind::text, ',' order by relname) from pg_class
              where relnamespace = ${database.schemas.app}::regnamespace)
      || ';' || (select coalesce(string_agg(proname, ',' order by proname), '') from pg_proc
              where pronamespace = ${database.schemas.app}::regnamespace) as shape`.execute(database.handle.db);
  return rows[0]!.shape;
}

async function readTemplate(database: TestDatabase): Promise<Template> {
  const { db } = database.handle;
  const { app, jobs } = database.schemas;
  const tables = (
    await sql<{ schema: string; name: string }>`
      select schemaname as schema, tablename as name from pg_tables
      where (schemaname = ${app} and tablename not like 'kysely\\_%')
         or (schemaname = ${jobs} and tablename in (${sql.join(JOB_TABLES)}))
      order by 1, 2`.execute(db)
  ).rows.map((row) => ({ jobs: row.schema === jobs, name: row.name }));
  const rows: Template['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await sql<{ json: string | null }>`
      select json_agg(t)::text as json from ${qualified(database, table)} t`.execute(db);
    if (found[0]?.json) rows.push({ table, json: found[0].json });
  }
  const sequences = (
    await sql<{ schema: string; name: string; value: string; called: boolean }>`
      select schemaname as schema, sequencename as name, coalesce(last_value, start_value)::text as value,
        last_value is not null as called
      from pg_sequences where schemaname in (${app}, ${jobs})`.execute(db)
  ).rows.map(({ schema, ...sequence }) => ({ ...sequence, jobs: schema === jobs }));
  return { shape: await shapeOf(database), tables, rows, sequences };
}

/** Puts a used database back as a new one reads (readTemplate); throws when it cannot. */
async function putBack(database: TestDatabase, template: Template): Promise<void> {
  if ((await shapeOf(database)) !== template.shape) throw new Error('the database was changed beyond its rows');
  await database.handle.db.transaction().execute(async (tx) => {
    // A connection a test left in a transaction (PostgreSQL) would hold the truncate forever.
    await sql`set local lock_timeout = '5s'`.execute(tx);
    const tables = template.tables.map((table) => qualified(database, table));
    await sql`truncate ${sql.join(tables)} cascade`.execute(tx);
    for (const { table, json } of template.rows) {
      const name = qualified(database, table);
      await sql`insert into ${name} select * from json_populate_recordset(null::${name}, ${json}::json)`.execute(tx);
    }
    for (const { jobs, name, value, called } of template.sequences) {
      const schema = jobs ? database.schemas.jobs : database.schemas.app;
      await sql`select setval(format('%I.%I', ${schema}::text, ${name}::text)::regclass, ${value}::bigint, ${called})`.execute(
        tx,
      );
    }
  });
}

let pgliteDump: Promise<Blob> | undefined;
/** A PGlite database migrated once per worker, as a dump: a copy opens without initdb or migrating. */
function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const database = await openDatabase({});
    try {
      await migrateToLatest(database.db);
      return await database.dump!();
    } finally {
      await database.close();
    }
  })();
  return pgliteDump;
}

/**
 * Test files make and drop PostgreSQL schemas at the same time. Kysely's migrator reads the catalog of
 * every schema before it takes its own lock, and that read fails ("schema … does not exist") while
 * another file drops its schemas: migrations and drops of test schemas take this one lock in turn.
 */
const SCHEMA_CHANGE_LOCK = 7_160_016;
async function withSchemaLock<T>(db: DatabaseHandle['db'], work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_CHANGE_LOCK})`.execute(connection);
    }
  });
}

/** A test's PostgreSQL schemas are named for its process (`t_<pid>_<random>`): a worker's kept ones outlive it. */
const TEST_SCHEMA = /^t_(\d+)_[0-9a-f]{8}(?:_pgboss)?$/;
let leftoversDropped = false;

/** Drops the schemas kept by test processes that have ended (under the schema lock). */
async function dropLeftovers(db: DatabaseHandle['db']): Promise<void> {
  const { rows } = await sql<{
    name: string;
  }>`select nspname as name from pg_namespace where nspname like 't\\_%'`.execute(db);
  for (const { name } of rows) {
    const pid = TEST_SCHEMA.exec(name)?.[1];
    if (pid && !isAlive(Number(pid))) await sql`drop schema if exists ${sql.id(name)} cascade`.execute(db);
  }
}

async function newPostgres(): Promise<TestDatabase> {
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const app = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const jobs = `${app}_pgboss`;
  const database = await openDatabase({ databaseUrl, schema: app });
  const close = async () => {
    try {
      await withSchemaLock(database.db, async () => {
        await sql`drop schema if exists ${sql.id(app)} cascade`.execute(database.db);
        await sql`drop schema if exists ${sql.id(jobs)} cascade`.execute(database.db);
      });
    } finally {
      await database.close();
    }
  };
  try {
    await withSchemaLock(database.db, async () => {
      if (!leftoversDropped) await dropLeftovers(database.db);
      leftoversDropped = true;
      await migrateToLatest(database.db);
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { handle: { ...database, close }, schemas: { app, jobs } };
}

async function newDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'postgres') return newPostgres();
  const handle = await openDatabase({ pgliteDump: await migratedPgliteDump() });
  return { handle, schemas: { app: 'public', jobs: 'pgboss' } };
}

/**
 * A migrated, empty database: PGlite in memory, or a schema of its own in PostgreSQL. Its `close` gives
 * it back to be used again. `fresh`: one no test used before, which `close` really closes (and drops)
 * and which is never given again (a test that closes its database on purpose).
 */
export async function openTestDatabase(kind: DatabaseKind = 'pglite', fresh = false): Promise<DatabaseHandle> {
  let database = fresh ? undefined : idle[kind].pop();
  if (database) {
    try {
      await putBack(database, await templates[kind]!);
    } catch {
      await database.handle.close().catch(() => undefined);
      database = undefined;
    }
  }
  if (!database) {
    database = await newDatabase(kind);
    const made = database;
    templates[kind] ??= readTemplate(made);
    await templates[kind];
  }
  if (fresh) return database.handle;
  const kept = database;
  const fakingsAtOpen = clockFakings();
  let sawFakeDate = dateIsFake();
  let closed = false;
  return {
    ...kept.handle,
    close: async () => {
      if (closed) return;
      closed = true;
      // One that saw a fake Date may hold a PostgreSQL timeout armed for then (fake-clock.ts).
      sawFakeDate ||= dateIsFake() || clockFakings() !== fakingsAtOpen;
      if (idle[kind].length < IDLE && !(kind === 'pglite' && sawFakeDate)) idle[kind].push(kept);
      else await kept.handle.close();
    },
  };
}
