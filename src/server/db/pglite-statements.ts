import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

const serialize = protocol.serialize;

interface Prepared {
  name: string;
  /** The parameters' types as the database inferred them (what PGlite's query() asks for every time). */
  types: number[];
}

/** Each cache names its statements apart: two on one PGlite must not take each other's names. */
let caches = 0;

/** Multi-row inserts and the like: not worth keeping prepared. */
const MAX_PARAMETERS = 40;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Prepared statements for PGlite. Its query() makes six calls into the database for every statement
 * (parse, describe the parameters, bind, describe, execute, sync), so each one is parsed and planned
 * again. Here a statement is parsed and described once per SQL text and kept by name; each run is one
 * call (bind, describe, execute, sync) with the parameters serialized as query() does, by the types the
 * database inferred. The caller holds the connection (PGlite has one session).
 */
export class PGliteStatements {
  private readonly prepared = new Map<string, Prepared>();
  private counter = 0;
  private readonly prefix = `kibali_${++caches}_`;

  constructor(
    private readonly pglite: PGlite,
    private readonly limit = 200,
  ) {}

  /** Whether `query` runs as a prepared statement (else through PGlite's query()). */
  accepts(parameters: readonly unknown[]): boolean {
    return parameters.length <= MAX_PARAMETERS;
  }

  async query<R>(text: string, parameters: readonly unknown[]): Promise<Results<R>> {
    return this.pglite.runExclusive(async () => {
      const statement = this.prepared.get(text) ?? (await this.prepare(text));
      // Most recently used last: the first one is the one to close when the cache is full.
      this.prepared.delete(text);
      this.prepared.set(text, statement);
      const values = parameters.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = this.pglite.serializers[statement.types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const message = concat([
        serialize.bind({ statement: statement.name, values: values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      let messages;
      try {
        ({ messages } = await this.pglite.execProtocol(message, { syncToFs: false }));
      } catch (error) {
        throw withQuery(error, text, parameters);
      }
      await this.pglite.syncToFs();
      return parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' })[0] as Results<R>;
    });
  }

  /** A statement without parameters (begin, commit, rollback) in one call, by the simple protocol. */
  async simple<R>(text: string): Promise<Results<R>> {
    return this.pglite.runExclusive(async () => {
      let messages;
      try {
        ({ messages } = await this.pglite.execProtocol(serialize.query(text), { syncToFs: false }));
      } catch (error) {
        throw withQuery(error, text, []);
      }
      await this.pglite.syncToFs();
      return parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' }).at(-1) as Results<R>;
    });
  }

  /** After a change of the schema: a kept plan could answer with columns that no longer exist. */
  async forgetAll(): Promise<void> {
    if (this.prepared.size === 0) return;
    const close = [...this.prepared.values()].map(({ name }) => serialize.close({ type: 'S', name }));
    this.prepared.clear();
    await this.pglite.runExclusive(() => this.pglite.execProtocol(concat([...close, serialize.sync()])));
  }

  private async prepare(text: string): Promise<Prepared> {
    const parts: Uint8Array[] = [];
    if (this.prepared.size >= this.limit) {
      const [oldest, { name }] = this.prepared.entries().next().value!;
      this.prepared.delete(oldest);
      parts.push(serialize.close({ type: 'S', name }));
    }
    const name = `${this.prefix}${++this.counter}`;
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    let messages;
    try {
      ({ messages } = await this.pglite.execProtocol(concat(parts), { syncToFs: false }));
    } catch (error) {
      throw withQuery(error, text, []);
    }
    const description = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] };
    const statement = { name, types: description?.dataTypeIDs ?? [] };
    this.prepared.set(text, statement);
    return statement;
  }
}

/** As PGlite's query() does: the statement and its parameters on the database's error. */
function withQuery(error: unknown, query: string, params: readonly unknown[]): unknown {
  if (error instanceof Error) Object.assign(error, { query, params: [...params], queryOptions: { rowMode: 'object' } });
  return error;
}
