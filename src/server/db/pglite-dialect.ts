import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { PGliteStatements } from './pglite-statements';

/**
 * A Kysely dialect over PGlite. PGlite has a single connection, so a promise mutex hands it
 * to one holder at a time: a transaction keeps it from BEGIN to COMMIT and no other request's
 * query can run inside it (kysely-pglite does not do this).
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => next);
    await previous;
    return release;
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly statements: PGliteStatements;
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly pglite: PGlite) {
    this.statements = new PGliteStatements(pglite);
  }

  async init() {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    // PGlite answers through promises only: without this, a queue of requests is served in one chain of
    // microtasks during which the event loop never turns (no new connection taken, no timer, no signal
    // such as SIGTERM handled) until the whole queue is done.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const connection = new PGliteConnection(this.pglite, this.statements);
    this.releases.set(connection, release);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection) {
    this.releases.get(connection)?.();
    this.releases.delete(connection);
  }

  async destroy() {
    const release = await this.mutex.lock();
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
    }
  }
}

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

const DML = new Set(['SelectQueryNode', ...WRITES]);
const RAW_DML = /^\s*(select|insert|update|delete|with)\b/i;
const TRANSACTION = /^(begin|commit|rollback)\b[a-z ]*$/i;
/** Statements after which the kept plans may be wrong: any that is not one of these. */
const KEEPS_SCHEMA =
  /^\s*(select|insert|update|delete|merge|with|values|begin|start|commit|rollback|savepoint|release|set|show)\b/i;

/**
 * A raw text without parameters whose first statement is followed by more: PGlite's query (the
 * extended protocol) takes one statement only. Over-eager for a `;` inside a quoted body, which
 * the simple protocol runs just as well.
 */
function isScript(query: CompiledQuery): boolean {
  return query.parameters.length === 0 && query.query.kind === 'RawNode' && /;\s*\S/.test(query.sql);
}

/**
 * A raw text of one select, insert, update or delete with parameters, such as the job runner's
 * (pg-boss writes each job with one constant text): kept prepared like Kysely's own queries.
 */
function isRawStatement(query: CompiledQuery): boolean {
  return (
    query.query.kind === 'RawNode' &&
    query.parameters.length > 0 &&
    RAW_DML.test(query.sql) &&
    !/;\s*\S/.test(query.sql)
  );
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly statements: PGliteStatements,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const dml = DML.has(query.query.kind) || isRawStatement(query);
    const result =
      dml && this.statements.accepts(query.parameters)
        ? await this.statements.query<R>(query.sql, query.parameters)
        : TRANSACTION.test(query.sql) && query.parameters.length === 0
          ? await this.statements.simple<R>(query.sql)
          : isScript(query)
            ? await this.script<R>(query.sql)
            : await this.pglite.query<R>(query.sql, [...query.parameters], { rowMode: 'object' });
    if (!dml && !KEEPS_SCHEMA.test(query.sql)) await this.statements.forgetAll();
    const affected = result.affectedRows;
    // By the query's kind, not its first word: `with … update …` is an update too.
    const isWrite = WRITES.has(query.query.kind) || /^\s*(insert|update|delete|merge)/i.test(query.sql);
    return {
      rows: result.rows,
      ...(affected !== undefined && isWrite ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  /** Several statements in one text (the job runner's maintenance and schema scripts): the simple protocol. */
  private async script<R>(text: string) {
    const results = await this.pglite.exec(text, { rowMode: 'object' });
    const last = results.at(-1);
    return { rows: (last?.rows ?? []) as R[], affectedRows: last?.affectedRows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}
