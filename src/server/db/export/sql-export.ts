import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { copyLine, quoteIdent, quoteLiteral } from './copy-text';
import {
  appliedMigrations,
  jobColumns,
  sequencesOf,
  streamJobQueues,
  streamJobs,
  streamTableRows,
  tablesInForeignKeyOrder,
  useExportTextSettings,
  type ExportTable,
  type OnRows,
} from './export-repository';

/**
 * The embedded database as one plain-SQL file for PostgreSQL (`psql -v ON_ERROR_STOP=1 -f`), data only:
 * the target is first brought to the same migrations with `npm run db:migrate` (the schema then comes
 * from the same migrations as everywhere, not from a second description of it), and the file checks
 * that before it changes anything. In one transaction it empties the application's tables (the
 * migration seeded reference data), copies every row, sets each sequence where the source's stood, and
 * carries the job runner's waiting jobs (an SMS not yet delivered, a reminder due) into the target's
 * queues. Finished and failed jobs are history and stay behind; schedules are made again by the server.
 */

/** Tables of the application (Kysely's migrations table is the target's own). */
const SCHEMA = 'public';
/** pg-boss's schema beside `public` (jobsSchemaFor). */
const JOBS_SCHEMA = 'pgboss';
/** pg-boss's states of a job that has yet to run (an active one is retried after it expires, as after a crash). */
const WAITING_STATES = ['created', 'retry', 'active'];

export interface ExportSummary {
  tables: number;
  rows: number;
  jobs: number;
}

export type Write = (text: string) => Promise<void>;

/** Writes the export through `write`, read in one repeatable-read transaction: a consistent picture. */
export async function writeSqlExport(db: Kysely<Database>, write: Write, now = new Date()): Promise<ExportSummary> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await useExportTextSettings(trx);
      const tables = await tablesInForeignKeyOrder(trx, SCHEMA);
      const migrations = await appliedMigrations(trx, SCHEMA);
      await write(header(now, migrations));
      const names = tables.map((t) => `${SCHEMA}.${quoteIdent(t.name)}`).join(', ');
      await write(`TRUNCATE TABLE ${names} RESTART IDENTITY CASCADE;\n\n`);
      let rows = 0;
      for (const table of tables) rows += await copyTable(trx, table, write);
      for (const s of await sequencesOf(trx, SCHEMA)) {
        const name = quoteLiteral(`${SCHEMA}.${quoteIdent(s.name)}`);
        await write(`SELECT pg_catalog.setval(${name}, ${s.lastValue}, ${s.isCalled});\n`);
      }
      const jobs = await writeJobs(trx, write);
      await write('\nCOMMIT;\n');
      return { tables: tables.length, rows, jobs };
    });
}

function header(now: Date, migrations: string[]): string {
  const expected = `ARRAY[${migrations.map(quoteLiteral).join(', ')}]::text[]`;
  return `-- Kibali: the embedded database exported ${now.toISOString()} for PostgreSQL.
-- Data only. First: createdb, then DATABASE_URL=… npm run db:migrate (the same Kibali version), then
--   psql -v ON_ERROR_STOP=1 -d <database> -f <this file>
-- as the role that ran db:migrate. Everything below is one transaction: it applies whole or not at all.
\\set ON_ERROR_STOP on
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
BEGIN;
SET LOCAL timezone = 'UTC';
SET LOCAL datestyle = 'ISO, YMD';
SET LOCAL intervalstyle = 'postgres';

DO $kibali$
BEGIN
  -- Two IFs: an expression naming a missing table fails as a whole, before any OR could skip it.
  IF to_regclass('${SCHEMA}.kysely_migration') IS NULL THEN
    RAISE EXCEPTION 'This database has no migrations: run npm run db:migrate on it with the same version of Kibali first.';
  END IF;
  IF (SELECT coalesce(array_agg(name::text ORDER BY name), '{}') FROM ${SCHEMA}.kysely_migration) IS DISTINCT FROM ${expected} THEN
    RAISE EXCEPTION 'This database is not at the migrations of the export (the last is %): run npm run db:migrate on it with the same version of Kibali first.', ${quoteLiteral(migrations.at(-1) ?? 'none')};
  END IF;
END
$kibali$;

`;
}

/** One table as a COPY block. */
async function copyTable(trx: Kysely<Database>, table: ExportTable, write: Write): Promise<number> {
  const target = `${SCHEMA}.${quoteIdent(table.name)}`;
  if (table.hasUserTriggers) await write(`ALTER TABLE ${target} DISABLE TRIGGER USER;\n`);
  await write(`COPY ${target} (${table.columns.map(quoteIdent).join(', ')}) FROM stdin;\n`);
  const count = await streamTableRows(trx, SCHEMA, table, copyLines(write));
  await write('\\.\n');
  if (table.hasUserTriggers) await write(`ALTER TABLE ${target} ENABLE TRIGGER USER;\n`);
  await write('\n');
  return count;
}

/** A batch of rows written as COPY lines, in one write. */
const copyLines =
  (write: Write): OnRows =>
  (rows) =>
    write(rows.map(copyLine).join(''));

/**
 * The waiting jobs: their queues made where the target lacks them (pg-boss's own create_queue, which
 * also makes the queue's partition), then the jobs, by way of a temporary table so that a job the
 * target already has (an import run twice is refused anyway) is not a second one.
 */
async function writeJobs(trx: Kysely<Database>, write: Write): Promise<number> {
  const queues = `${JOBS_SCHEMA}.queue`;
  const job = `${JOBS_SCHEMA}.job`;
  await write(`\n-- The job runner's waiting jobs (${WAITING_STATES.join(', ')}).\n`);
  await write('CREATE TEMPORARY TABLE kibali_carried_queue (name text, options json) ON COMMIT DROP;\n');
  await write('COPY kibali_carried_queue (name, options) FROM stdin;\n');
  await streamJobQueues(trx, JOBS_SCHEMA, copyLines(write));
  await write('\\.\n');
  await write(
    `SELECT ${JOBS_SCHEMA}.create_queue(q.name, q.options) FROM kibali_carried_queue q\n` +
      `  WHERE NOT EXISTS (SELECT 1 FROM ${queues} t WHERE t.name = q.name);\n`,
  );
  const names = await jobColumns(trx, JOBS_SCHEMA);
  const columns = names.map(quoteIdent);
  await write(`CREATE TEMPORARY TABLE kibali_carried_job (LIKE ${job}) ON COMMIT DROP;\n`);
  await write(`COPY kibali_carried_job (${columns.join(', ')}) FROM stdin;\n`);
  const count = await streamJobs(trx, JOBS_SCHEMA, names, WAITING_STATES, copyLines(write));
  await write('\\.\n');
  await write(
    `INSERT INTO ${job} (${columns.join(', ')})\n  SELECT ${columns.join(', ')} FROM kibali_carried_job\n` +
      '  ON CONFLICT DO NOTHING;\n',
  );
  return count;
}
