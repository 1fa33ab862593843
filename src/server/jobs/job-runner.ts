import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Where a database's jobs are: the rule of migration 20261125T134000 (`pgboss` beside `public`). */
export function jobsSchemaFor(appSchema: string): string {
  return appSchema === 'public' ? 'pgboss' : `${appSchema}_pgboss`;
}

/** Kysely or a transaction of it: where a job is written. */
export type Executor = Pick<Kysely<Database>, 'executeQuery'>;

/**
 * pg-boss's database hook over our own Kysely: on PGlite every query then takes the dialect's lock
 * (pg-boss's own pool would interleave with our transactions), on PostgreSQL it uses our pool; given a
 * transaction, the job is written in it and exists only if the transaction commits.
 */
export function pgBossDb(executor: Executor): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const result = await executor.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows };
    },
  };
}

/** pg-boss's SQL texts (its internal module: no types, no `exports` map to forbid it). */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

/**
 * pg-boss 10.4.2's workers mark a job completed or failed without awaiting it: with the database away
 * at that moment, the rejection is unhandled and the server exits. Those two queries are reported
 * instead of thrown; their job stays active until it expires and is then retried (an SMS is never
 * delivered twice: its row is claimed; a sweep run twice deletes nothing more).
 */
function withUnawaitedQueriesCaught(db: PgBoss.Db, schema: string, report: (error: Error) => void): PgBoss.Db {
  const unawaited = new Set([plans.completeJobs(schema), plans.failJobsById(schema)]);
  return {
    executeSql: async (text: string, values: unknown[]) => {
      try {
        return await db.executeSql(text, values);
      } catch (error) {
        if (!unawaited.has(text)) throw error;
        report(error as Error);
        return { rows: [{ count: '0' }] };
      }
    },
  };
}

export type JobHandler<T> = (data: T) => Promise<void>;

export interface Schedule {
  queue: string;
  /** Cron, in UTC. */
  cron: string;
}

export interface RunnerTiming {
  /** How often each worker looks for new jobs (s, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How often pg-boss looks whether a scheduled job is due (s, 1 to 45). */
  cronMonitorIntervalSeconds?: number;
}

/** How long stop() waits for jobs under way before failing them (they are retried later). */
const STOP_WAIT_MS = 3000;

/**
 * The job runner: pg-boss on our database. Enqueueing (`send`) needs no started runner, the job
 * waits in its table; `start` (by main.ts and the tests that test the runner, not by every app) runs
 * the workers and the schedules, and `stop` ends them in time for a graceful shutdown.
 */
export class JobRunner {
  private boss: PgBoss | undefined;
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly schedules: Schedule[] = [];
  private started: Promise<void> | undefined;
  private bossStarted = false;
  private stopping = false;
  private retryTimer: NodeJS.Timeout | undefined;
  /** The queues whose worker runs. */
  private readonly working = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (error: Error) => void = () => {},
    /** Shorter waits for tests. */
    private readonly timing: RunnerTiming = {},
  ) {}

  /** What a queue's worker does with each job; a job that throws is retried with its send options. */
  handle<T>(queue: string, handler: JobHandler<T>): void {
    this.handlers.set(queue, handler);
  }

  schedule(schedule: Schedule): void {
    this.schedules.push(schedule);
  }

  /** Writes a job through `executor` (a transaction: the job exists only if it commits). */
  async send(
    executor: Executor,
    queue: string,
    data: object,
    options: Omit<PgBoss.SendOptions, 'db'> = {},
  ): Promise<string | null> {
    // The schema is looked up through the executor: on PGlite a transaction holds the only connection.
    const boss = await this.instance(executor);
    return boss.send(queue, data, { ...options, db: pgBossDb(executor) });
  }

  /**
   * Starts the workers and schedules (creating pg-boss's schema if missing, migrating it after an
   * upgrade). A failed start (the database away) may be called again: it goes on where it stopped.
   */
  start(): Promise<void> {
    this.started ??= this.startOnce().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  /**
   * Starts in the background: while the database is away, tries again every `retryMs` until it
   * starts or stop() is called. A server must not fail for its jobs: its requests answer meanwhile.
   */
  startInBackground(retryMs = 10_000): void {
    const attempt = () => {
      if (this.stopping) return;
      this.start().catch((error: unknown) => {
        this.onError(error as Error);
        if (!this.stopping) this.retryTimer = setTimeout(attempt, retryMs);
      });
    };
    attempt();
  }

  private async startOnce(): Promise<void> {
    const boss = await this.instance(this.db);
    if (!this.bossStarted) {
      try {
        await boss.start();
      } catch (error) {
        // pg-boss 10 cannot start again once a start failed: the next attempt gets a new instance.
        this.boss = undefined;
        throw error;
      }
      this.bossStarted = true;
    }
    const pollingIntervalSeconds = this.timing.pollingIntervalSeconds ?? 2;
    for (const [queue, handler] of this.handlers) {
      if (this.working.has(queue) || this.stopping) continue;
      await boss.createQueue(queue);
      await boss.work<object>(queue, { pollingIntervalSeconds }, async ([job]) => {
        if (job) await handler(job.data as never);
      });
      this.working.add(queue);
    }
    for (const { queue, cron } of this.schedules) await boss.schedule(queue, cron, {}, { tz: 'UTC' });
  }

  /** Stops taking jobs; jobs under way get a few seconds, then are failed (and retried later). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.retryTimer);
    await this.started?.catch(() => {});
    if (this.bossStarted) await this.boss?.stop({ graceful: true, timeout: STOP_WAIT_MS, close: false });
  }

  /** Whether `queue` has no job waiting or under way (tests wait on it). */
  async idle(queue: string): Promise<boolean> {
    const boss = await this.instance(this.db);
    return (await boss.getQueueSize(queue)) === 0;
  }

  private async instance(executor: Executor): Promise<PgBoss> {
    if (this.boss) return this.boss;
    const { rows } = await executor.executeQuery<{ schema: string }>(
      CompiledQuery.raw('select current_schema() as schema'),
    );
    if (this.boss) return this.boss;
    const schema = jobsSchemaFor(rows[0]?.schema ?? 'public');
    const boss = new PgBoss({
      db: withUnawaitedQueriesCaught(pgBossDb(this.db), schema, (error) => this.onError(error)),
      schema,
      ...(this.timing.cronMonitorIntervalSeconds
        ? { cronMonitorIntervalSeconds: this.timing.cronMonitorIntervalSeconds }
        : {}),
    });
    boss.on('error', (error: Error) => this.onError(error));
    this.boss = boss;
    return boss;
  }
}
