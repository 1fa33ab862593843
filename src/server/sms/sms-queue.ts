import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Executor, JobRunner } from '../jobs/job-runner';
import type { SmsSender } from './sms-sender';
import {
  claimSms,
  insertSms,
  requeueStuckSending,
  setSmsQueued,
  setSmsSent,
  smsStatus,
  staleQueuedSms,
} from './sms-repository';

/** The job queue of SMS deliveries. */
export const SMS_QUEUE = 'sms';
/** The periodic job that gives a new job to SMS whose retries all failed. */
export const SMS_REQUEUE_QUEUE = 'sms-requeue';

export interface SmsRetryPolicy {
  /** The job waits this long (s) before its first try: the immediate attempt after the change goes first. */
  firstJobAfterSeconds: number;
  /** Retries of one job, `retryDelaySeconds` × 2^n apart (pg-boss's back-off). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A queued SMS whose last attempt is this old (s) gets a new job (its own job's retries are spent). */
  requeueAfterSeconds: number;
  /** An SMS left 'sending' this long (s; the process died during the send) is queued again. */
  sendingTimeoutSeconds: number;
}

/** 30 s, then 8 retries over about two hours; after that, a new job every hour until delivered. */
export const SMS_RETRY: SmsRetryPolicy = {
  firstJobAfterSeconds: 30,
  retryLimit: 8,
  retryDelaySeconds: 30,
  requeueAfterSeconds: 60 * 60,
  sendingTimeoutSeconds: 10 * 60,
};

export type Delivery = 'sent' | 'failed' | 'busy' | 'done';

/** One SMS in a job's data: only its row's id (the text, which may hold a code, stays in its row). */
interface SmsJob {
  id: number;
}

/**
 * Every SMS as a durable row, sent through the job runner: the row and its job are written together
 * (in the caller's transaction when given), an attempt follows at once after commit, and the job
 * retries with back-off while the channel (the gateway, or the outbox in development) fails. A row is
 * claimed (queued → sending) before each attempt, so two attempts never deliver it twice; a delivered
 * row keeps no text. The caller never waits for a gateway that is down: its SMS waits instead.
 */
export class SmsQueue implements SmsSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobRunner,
    private readonly channel: SmsSender,
    private readonly retry: SmsRetryPolicy = SMS_RETRY,
  ) {
    jobs.handle<SmsJob>(SMS_QUEUE, (job) => this.work(job));
    jobs.handle(SMS_REQUEUE_QUEUE, async () => {
      await this.requeue();
    });
    jobs.schedule({ queue: SMS_REQUEUE_QUEUE, cron: '*/15 * * * *' });
  }

  /**
   * Sends one SMS. Inside the caller's transaction (`executor`), it is only queued (delivered by the job
   * runner once that commits; use queue() and deliver() to try at once after commit); otherwise queued
   * and tried at once. Never fails for the channel: a failed attempt is retried later.
   */
  async send(phone: string, message: string, purpose: string, executor?: Kysely<Database>): Promise<void> {
    if (executor) {
      await this.queue(executor, phone, message, purpose);
      return;
    }
    const id = await this.db.transaction().execute((trx) => this.queue(trx, phone, message, purpose));
    await this.deliver(id);
  }

  /** Writes the SMS and its job through `executor`; answers the row's id for deliver(). */
  async queue(executor: Kysely<Database>, phone: string, message: string, purpose: string): Promise<number> {
    const id = await insertSms(executor, { phone, message, purpose });
    await this.enqueue(executor, id, this.retry.firstJobAfterSeconds);
    return id;
  }

  /** One attempt, if nothing else has it: 'sent', 'failed' (queued again), 'busy' (another attempt has it) or 'done'. */
  async deliver(id: number): Promise<Delivery> {
    const claimed = await claimSms(this.db, id, new Date());
    if (!claimed) return (await smsStatus(this.db, id)) === 'sending' ? 'busy' : 'done';
    try {
      await this.channel.send(claimed.phone, claimed.message, claimed.purpose);
    } catch {
      // The channel reports its own failures (without number or text); the row waits for its job.
      await setSmsQueued(this.db, id);
      return 'failed';
    }
    await setSmsSent(this.db, id, new Date());
    return 'sent';
  }

  /** The job: throws while the SMS is not delivered, so that pg-boss retries it with back-off. */
  async work(job: SmsJob): Promise<void> {
    const delivery = await this.deliver(job.id);
    if (delivery === 'failed' || delivery === 'busy') throw new Error(`SMS ${job.id}: not delivered yet`);
  }

  /**
   * SMS whose job gave up get a new one; those left 'sending' by a process that died are queued again
   * (at worst sent twice, never lost). Answers how many got a new job.
   */
  async requeue(now = new Date()): Promise<number> {
    const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    await requeueStuckSending(this.db, before(this.retry.sendingTimeoutSeconds));
    const stale = await staleQueuedSms(this.db, before(this.retry.requeueAfterSeconds), 500);
    for (const { id } of stale) await this.enqueue(this.db, id, 0);
    return stale.length;
  }

  private enqueue(executor: Executor, id: number, startAfterSeconds: number) {
    return this.jobs.send(executor, SMS_QUEUE, { id } satisfies SmsJob, {
      ...(startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {}),
      retryLimit: this.retry.retryLimit,
      retryDelay: this.retry.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
    });
  }
}
