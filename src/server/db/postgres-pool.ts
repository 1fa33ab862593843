import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError, isConnectionFailure, unavailable } from './database-errors';

export interface PoolWaits {
  /** How long a request may wait for a connection while the database answers (a burst of requests). */
  busyMs: number;
  /** How long while it does not (the last attempt failed): a 503 in time rather than a queue of doomed waits. */
  downMs: number;
}

/**
 * The pg pool as Kysely sees it, with three changes. A client whose connection failed is destroyed
 * instead of given back to the pool for the next request (Kysely releases it as if it were fine).
 * A connection failure is thrown as DatabaseUnavailableError. And the wait for a connection has two
 * limits: a long one while the database answers, so that a burst queues rather than fails, and a
 * short one once a connection has failed, when every waiting request is answered at once.
 */
export class GuardedPool implements PostgresPool {
  private readonly clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  private readonly waiting = new Set<(error: Error) => void>();
  private up = true;

  constructor(
    private readonly pool: pg.Pool,
    private readonly waits: PoolWaits,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const pending = this.pool.connect();
    let giveUp!: (error: Error) => void;
    const given = new Promise<never>((_, reject) => (giveUp = reject));
    this.waiting.add(giveUp);
    const timer = setTimeout(
      () => giveUp(new DatabaseUnavailableError(new Error('no database connection was free in time'))),
      this.up ? this.waits.busyMs : this.waits.downMs,
    );
    let client: pg.PoolClient;
    try {
      client = await Promise.race([pending, given]);
    } catch (error) {
      // A client that comes after its request gave up goes back to the pool.
      pending.then(
        (late) => late.release(),
        () => {},
      );
      if (isConnectionFailure(error) && !(error instanceof DatabaseUnavailableError)) this.down(error);
      throw unavailable(error);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(giveUp);
    }
    // Kysely keeps its connection objects by client: give it the same wrapper for the same client.
    let guarded = this.clients.get(client);
    if (!guarded) {
      guarded = guard(client, {
        answered: () => (this.up = true),
        failed: (error) => this.down(error),
      });
      this.clients.set(client, guarded);
    }
    return guarded;
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  /** A connection failed: the requests waiting for one are answered now, and the next ones soon. */
  private down(error: unknown): void {
    if (!this.up) return;
    this.up = false;
    for (const giveUp of this.waiting) giveUp(unavailable(error));
  }
}

interface Health {
  answered(): void;
  failed(error: unknown): void;
}

function guard(client: pg.PoolClient, health: Health): PostgresPoolClient {
  let broken: Error | undefined;
  // A connection lost while its client is checked out between two queries (a transaction's, or the
  // job runner's) is an 'error' event that no one else listens to then: unheard, it ends the process.
  client.on('error', (error: Error) => {
    broken ??= error;
    health.failed(error);
  });
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
    // A rollback after a lost connection fails at once rather than waiting for its own timeout.
    if (broken) return Promise.reject(unavailable(broken));
    return (client.query(sqlOrCursor, [...(parameters ?? [])]) as unknown as Promise<PostgresQueryResult<R>>).then(
      (result) => {
        health.answered();
        return result;
      },
      (error: unknown) => {
        if (!isConnectionFailure(error)) throw error;
        broken = error as Error;
        health.failed(error);
        throw unavailable(error);
      },
    );
  }
  return {
    query,
    // With an error, the pool destroys the client instead of keeping it.
    release: () => client.release(broken),
  };
}

/** node-postgres's client with its own connect timeout: the pool's would also limit the wait for a free client. */
export function clientWithConnectTimeout(connectTimeoutMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({
        ...(typeof config === 'string' ? { connectionString: config } : config),
        connectionTimeoutMillis: connectTimeoutMs,
      });
    }
  };
}
