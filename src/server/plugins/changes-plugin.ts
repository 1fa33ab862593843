import type { FastifyInstance } from 'fastify';
import { ChangeAnswersService } from '../changes/change-answers-service';
import { CHANGE_DEADLINES_CRON, CHANGE_DEADLINES_QUEUE, ChangeDeadlines } from '../changes/change-deadlines';
import { changeRoutes } from '../changes/change-routes';
import type { Parts } from './parts';

/** Requests for changes: the applicant's answers, and the deadlines' daily reminders and overdue marks. */
export function registerChanges(
  app: FastifyInstance,
  parts: Pick<Parts, 'db' | 'forms' | 'applications' | 'sessions' | 'notifier' | 'sms' | 'jobs'>,
): { changeDeadlines: ChangeDeadlines } {
  const { db, jobs } = parts;
  changeRoutes(app, new ChangeAnswersService(db, parts.forms, parts.applications), parts.sessions);
  const changeDeadlines = new ChangeDeadlines(db, parts.notifier, parts.sms);
  jobs.handle(CHANGE_DEADLINES_QUEUE, async () => {
    app.log.info({ change_deadlines: await changeDeadlines.run() }, 'change request deadlines');
  });
  jobs.schedule({ queue: CHANGE_DEADLINES_QUEUE, cron: CHANGE_DEADLINES_CRON });
  return { changeDeadlines };
}
