import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobRunner } from '../jobs/job-runner';
import type { QueuedSms } from '../sms/sms-sender';
import { REMINDERS_CRON, REMINDERS_QUEUE } from './reminder-policy';
import { Reminders } from './reminders';

/** The daily reminders as a scheduled job of the job runner (one run at a time, whichever server takes it). */
export function scheduleReminders(jobs: JobRunner, db: Kysely<Database>, sms: QueuedSms, log: FastifyBaseLogger) {
  const reminders = new Reminders(db, sms);
  jobs.handle(REMINDERS_QUEUE, async () => {
    log.info({ reminders: await reminders.run() }, 'reminders sent');
  });
  jobs.schedule({ queue: REMINDERS_QUEUE, cron: REMINDERS_CRON });
  return reminders;
}
