import { sql } from 'kysely';
import { describe, expect, test, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database';
import { jobsSchemaFor } from '../../src/server/jobs/job-runner';
import { fakeDate } from './fake-clock';
import { createTestApp, databaseKinds, openTestDatabase, post, sendEngineerCode } from './helpers';

// The tests' databases are given again once closed (test-databases.ts): one given again
// must read exactly as a new copy of the template, whatever the test before it wrote.

/**
 * Every row of every table and where every sequence stands. pg-boss's queues are kept (the app makes
 * them again as it starts): their list and their job tables aside, which must be empty. The migrations'
 * own tables aside too (a PostgreSQL schema's say when it was migrated).
 */
async function contents(database: DatabaseHandle): Promise<Record<string, unknown>> {
  const { rows: current } = await sql<{ app: string }>`select current_schema() as app`.execute(database.db);
  const app = current[0]!.app;
  const jobs = jobsSchemaFor(app);
  // Named as `app.<table>` and `jobs.<table>`: a PostgreSQL test database has schemas of its own.
  const { rows: tables } = await sql<{ name: string; schema: string; table: string }>`
    select format('%I.%I', schemaname, tablename) as name, schemaname as schema, tablename as table from pg_tables
    where schemaname in (${app}, ${jobs}) and (schemaname, tablename) <> (${jobs}, 'queue')
      and tablename not like 'kysely\\_%' order by 1`.execute(database.db);
  const seen: Record<string, unknown> = {};
  const queueJobs = /_?pgboss\.j[0-9a-f]{56}$/;
  const named = (schema: string, name: string) => `${schema === app ? 'app' : 'jobs'}.${name}`;
  for (const { name, schema, table } of tables) {
    const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.raw(name)} t`.execute(
      database.db,
    );
    if (!queueJobs.test(name)) seen[named(schema, table)] = rows.map((r) => withoutMigrationTime(r.row)).sort();
    else if (rows.length > 0) seen[named(schema, table)] = rows;
  }
  const { rows: sequences } = await sql<{ schema: string; name: string; last: string | null }>`
    select schemaname as schema, sequencename as name, last_value::text as last from pg_sequences
    where schemaname in (${app}, ${jobs}) order by 1`.execute(database.db);
  for (const { schema, name, last } of sequences) seen[`sequence ${named(schema, name)}`] = last;
  return seen;
}

/**
 * A row without the time its migration wrote it (`created_at`, `changed_at`): each PostgreSQL schema is
 * migrated at its own moment, and the worker's databases are put back as the first one read.
 */
function withoutMigrationTime(row: string): string {
  const fields = JSON.parse(row) as Record<string, unknown>;
  delete fields.created_at;
  delete fields.changed_at;
  return JSON.stringify(fields);
}

describe.each(databaseKinds)('the tests’ databases, given again (%s)', (kind) => {
  test('a database a test wrote to and closed reads as a new one when given again', async () => {
    const fresh = await openTestDatabase(kind, true);
    const expected = await contents(fresh);
    await fresh.close();

    const t = await createTestApp({ DEV_TOOLS: true }, { kind });
    const written = t.database.db;
    await t.app.jobs.start();
    const engineers = (await post(t.app, '/api/splash/get_splash', {})).body!.response.data.engineers as {
      registration_number: string;
    }[];
    expect((await sendEngineerCode(t.app, engineers[0]!.registration_number)).status).toBe(200);
    await sql`update public_holiday set name_en = 'changed'`.execute(written);
    await sql`update reference_version set version = version + 5`.execute(written);
    const changed = await contents(t.database);
    expect(changed).not.toEqual(expected);
    await t.close();

    const again = await openTestDatabase(kind);
    try {
      expect(again.db, 'the same database, given again').toBe(written);
      expect(await contents(again)).toEqual(expected);
    } finally {
      await again.close();
    }
  });

  test('a database a test made a table in is not given again', async () => {
    const used = await openTestDatabase(kind);
    await sql`create table counter (n int)`.execute(used.db);
    await used.close();
    const given = await openTestDatabase(kind);
    try {
      expect(given.db).not.toBe(used.db);
      await sql`create table counter (n int)`.execute(given.db);
    } finally {
      await given.close();
    }
  });

  test('a database open while Date was fake (weeks ahead) is not given again: PGlite may hold a timeout armed for then', async () => {
    const kept = await openTestDatabase(kind);
    const used = await openTestDatabase(kind);
    fakeDate(Date.now() + 27 * 24 * 3600_000);
    try {
      await sql`select now()`.execute(used.db);
    } finally {
      vi.useRealTimers();
    }
    await used.close();
    await kept.close();
    const given = [await openTestDatabase(kind), await openTestDatabase(kind)];
    try {
      const reused = given.filter((database) => database.db === used.db || database.db === kept.db);
      // PostgreSQL's timeouts run in its own server, on its own clock: its databases are given again.
      expect(reused).toHaveLength(kind === 'pglite' ? 0 : 2);
    } finally {
      for (const database of given) await database.close();
    }
  });

  test('a fresh database is never given again', async () => {
    const fresh = await openTestDatabase(kind, true);
    await fresh.close();
    const given = await openTestDatabase(kind);
    try {
      expect(given.db).not.toBe(fresh.db);
    } finally {
      await given.close();
    }
  });
});
