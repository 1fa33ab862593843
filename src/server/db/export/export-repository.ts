import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { quoteIdent, quoteLiteral } from './copy-text';

/** Every read of the exporter: the catalog of the database it exports, and its rows as PostgreSQL's text. */

export interface ExportTable {
  name: string;
  /** Columns that take a value (generated columns are computed again by the target). */
  columns: string[];
  /** Whether the table has triggers of its own, which must not fire while its rows are copied. */
  hasUserTriggers: boolean;
}

export interface ExportSequence {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** Kysely's own bookkeeping: the target's migrations write it. */
const NOT_EXPORTED = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * The schema's tables, each after the tables it references: COPY then never inserts a row before the
 * row it points to. A cycle (none today) would stop the export rather than give a file that fails.
 */
export async function tablesInForeignKeyOrder(db: Kysely<Database>, schema: string): Promise<ExportTable[]> {
  const { rows: tables } = await sql<{ name: string; has_triggers: boolean }>`
    select c.relname as name,
           exists (select 1 from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal) as has_triggers
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(db);
  const { rows: columns } = await sql<{ table: string; column: string }>`
    select c.relname as table, a.attname as column
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by c.relname, a.attnum`.execute(db);
  const { rows: references } = await sql<{ table: string; referenced: string }>`
    select c.relname as table, r.relname as referenced
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = ${schema} and k.conrelid <> k.confrelid`.execute(db);

  const wanted = tables.filter((t) => !NOT_EXPORTED.has(t.name));
  const needs = new Map(wanted.map((t) => [t.name, new Set<string>()]));
  for (const { table, referenced } of references) needs.get(table)?.add(referenced);
  const ordered: ExportTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < wanted.length) {
    const ready = wanted.filter((t) => !placed.has(t.name) && [...needs.get(t.name)!].every((r) => placed.has(r)));
    if (ready.length === 0) throw new Error('The tables reference each other in a cycle: no order to copy them in');
    for (const table of ready) {
      placed.add(table.name);
      ordered.push({
        name: table.name,
        columns: columns.filter((c) => c.table === table.name).map((c) => c.column),
        hasUserTriggers: table.has_triggers,
      });
    }
  }
  return ordered;
}

/** The schema's sequences with their positions, so that the next id in the target follows the last one copied. */
export async function sequencesOf(db: Kysely<Database>, schema: string): Promise<ExportSequence[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind = 'S' order by c.relname`.execute(db);
  const sequences: ExportSequence[] = [];
  for (const { name } of rows) {
    const { rows: state } = await sql<{ last_value: string; is_called: boolean }>`
      select last_value::text as last_value, is_called from ${sql.table(`${schema}.${name}`)}`.execute(db);
    sequences.push({ name, lastValue: state[0]!.last_value, isCalled: state[0]!.is_called });
  }
  return sequences;
}

/** The migrations applied, by name: the target must have exactly these before it takes the data. */
export async function appliedMigrations(db: Kysely<Database>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from ${sql.table(`${schema}.kysely_migration`)} order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** Rows fetched per round trip: memory stays bounded whatever the table's size. */
const BATCH_ROWS = 500;

/** A batch of rows, each value PostgreSQL's own text output of its column (null for NULL). */
export type OnRows = (rows: (string | null)[][]) => Promise<void>;

/** PostgreSQL's text output in these settings reads back the same on any server (for this transaction). */
export async function useExportTextSettings(trx: Kysely<Database>): Promise<void> {
  for (const setting of [
    "set local timezone = 'UTC'",
    "set local datestyle = 'ISO, YMD'",
    "set local intervalstyle = 'postgres'",
    'set local extra_float_digits = 3',
    "set local bytea_output = 'hex'",
  ])
    await sql.raw(setting).execute(trx);
}

/** A table's rows, its columns in `table.columns` order. Answers how many. */
export function streamTableRows(trx: Kysely<Database>, schema: string, table: ExportTable, onRows: OnRows) {
  const columns = table.columns.map(quoteIdent);
  const select = `select ${asText(columns)} from ${schema}.${quoteIdent(table.name)}`;
  return streamRows(trx, select, columns.length, onRows);
}

/** pg-boss's queues as (name, the options create_queue takes), queues named as dead letters first. */
export function streamJobQueues(trx: Kysely<Database>, jobsSchema: string, onRows: OnRows) {
  const select = `select name::text as c0, json_build_object('policy', policy, 'retryLimit', retry_limit,
      'retryDelay', retry_delay, 'retryBackoff', retry_backoff, 'expireInSeconds', expire_seconds,
      'retentionMinutes', retention_minutes, 'deadLetter', dead_letter)::text as c1
    from ${jobsSchema}.queue order by dead_letter is not null, name`;
  return streamRows(trx, select, 2, onRows);
}

/** The columns of pg-boss's job table, in their order. */
export async function jobColumns(trx: Kysely<Database>, jobsSchema: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select a.attname as column from pg_attribute a
    where a.attrelid = ${`${jobsSchema}.job`}::regclass and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(trx);
  return rows.map((r) => r.column);
}

/** The jobs in `states`, every column of `columns`. Answers how many. */
export function streamJobs(
  trx: Kysely<Database>,
  jobsSchema: string,
  columns: string[],
  states: string[],
  onRows: OnRows,
) {
  const select = `select ${asText(columns.map(quoteIdent))} from ${jobsSchema}.job
    where state::text in (${states.map(quoteLiteral).join(', ')}) order by created_on, id`;
  return streamRows(trx, select, columns.length, onRows);
}

const asText = (columns: string[]) => columns.map((c, i) => `${c}::text as c${i}`).join(', ');

/** Runs `select` (columns aliased c0…cN, all text) through a cursor, a batch at a time. */
async function streamRows(trx: Kysely<Database>, select: string, width: number, onRows: OnRows): Promise<number> {
  await sql.raw(`declare kibali_export no scroll cursor for ${select}`).execute(trx);
  let count = 0;
  for (;;) {
    const { rows } = await sql
      .raw<Record<string, string | null>>(`fetch forward ${BATCH_ROWS} from kibali_export`)
      .execute(trx);
    if (rows.length > 0) await onRows(rows.map((row) => Array.from({ length: width }, (_, i) => row[`c${i}`] ?? null)));
    count += rows.length;
    if (rows.length < BATCH_ROWS) break;
  }
  await sql.raw('close kibali_export').execute(trx);
  return count;
}
