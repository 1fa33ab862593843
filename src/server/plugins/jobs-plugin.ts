import type { FastifyInstance } from 'fastify';
import { uploadDir, type Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { inboundSmsRoutes } from '../inbound-sms/inbound-sms-routes';
import { InboundSmsService } from '../inbound-sms/inbound-sms-service';
import { JobRunner } from '../jobs/job-runner';
import { Notifier } from '../notifications/notifier';
import { scheduleReminders } from '../reminders/reminders-job';
import { SWEEP_CRON } from '../retention/retention-policy';
import { Sweeper, SWEEP_QUEUE } from '../retention/sweeper';
import { HttpSmsSender } from '../sms/http-sms-sender';
import { SmsQueue } from '../sms/sms-queue';
import { OutboxSmsSender, type SmsSender } from '../sms/sms-sender';
import type { Parts } from './parts';

/** How SMS are delivered: the gateway when SMS_GATEWAY_URL is set (nothing kept); otherwise the development outbox. */
export function smsSenderFor(config: Config, db: DatabaseHandle['db'], log: FastifyInstance['log']): SmsSender {
  if (!config.SMS_GATEWAY_URL) {
    // Which SMS went, never its text (the code): a developer reads it at /api/dev/outbox (DEV_TOOLS=1).
    const print =
      config.NODE_ENV === 'development'
        ? (sms: object) => log.info({ sms }, 'SMS kept in the outbox (development; its text at /api/dev/outbox)')
        : undefined;
    return new OutboxSmsSender(db, print);
  }
  return new HttpSmsSender({
    url: config.SMS_GATEWAY_URL,
    token: config.SMS_GATEWAY_TOKEN,
    onFailure: (failure) => log.warn({ sms: failure }, 'the SMS gateway did not send a message'),
  });
}

/**
 * The job runner (built with the app, started by main.ts, stopped on close) and what runs on it: the
 * SMS queue, the retention sweep, the reminders; the texts sent to the portal's number; the notifier.
 */
export function registerJobs(
  app: FastifyInstance,
  { config, db, dependencies }: Pick<Parts, 'config' | 'db' | 'dependencies'>,
): Pick<Parts, 'jobs' | 'sms' | 'notifier'> {
  const jobs = new JobRunner(
    db,
    (error) => app.log.error({ err: { type: error.name, message: error.message } }, 'job runner error'),
    dependencies.jobTiming,
  );
  // Stopped before the database closes (it closes after app.close()): jobs under way get a few seconds,
  // within the shutdown's grace. In onClose, not preClose: the server stops listening first, at once.
  app.addHook('onClose', () => jobs.stop());
  const sms = new SmsQueue(db, jobs, smsSenderFor(config, db, app.log), dependencies.smsRetry);
  const sweeper = new Sweeper(db, uploadDir(config));
  jobs.handle(SWEEP_QUEUE, async () => {
    app.log.info({ sweep: await sweeper.run() }, 'retention sweep');
  });
  jobs.schedule({ queue: SWEEP_QUEUE, cron: SWEEP_CRON });
  scheduleReminders(jobs, db, sms, app.log);
  // Texts sent to the portal's number (HALI / STATUS <reference>), delivered by the SMS gateway.
  inboundSmsRoutes(app, new InboundSmsService(db, sms), config.SMS_INBOUND_TOKEN);
  return { jobs, sms, notifier: new Notifier(db, sms) };
}
