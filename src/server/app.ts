import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PROJECT_ROOT, SCHEMAS_DIR } from './project-root';
import './http/fastify-augment';
import type { FormsService } from './forms/forms-service';
import type { JobRunner } from './jobs/job-runner';
import type { SmsQueue } from './sms/sms-queue';
import type { ChangeDeadlines } from './changes/change-deadlines';
import type { PaymentsService } from './payments/payments-service';
import type { SplashService } from './reference/splash-service';
import type { AppDependencies } from './plugins/parts';
import { createFastify } from './plugins/fastify-instance';
import { registerApiDocs, registerHttp, registerLimits } from './plugins/http-plugin';
import { openForms, registerForms } from './plugins/forms-plugin';
import { registerPages } from './plugins/pages-plugin';
import { registerSite } from './plugins/site-plugin';
import { registerJobs } from './plugins/jobs-plugin';
import { registerPayments } from './plugins/payments-plugin';
import { draftParts } from './plugins/drafts-plugin';
import { registerEngineers } from './plugins/engineers-plugin';
import { registerDevTools } from './plugins/dev-tools-plugin';
import { registerStaffSessions } from './plugins/staff-sessions-plugin';
import { registerApplications } from './plugins/applications-plugin';
import { registerSignIn } from './plugins/sign-in-plugin';
import { registerLookups } from './plugins/lookups-plugin';
import { registerAttachments } from './plugins/attachments-plugin';
import { registerDashboard } from './plugins/dashboard-plugin';
import { registerChanges } from './plugins/changes-plugin';
import { registerBackOffice } from './plugins/back-office-plugin';

export type { AppDependencies };
export { smsSenderFor } from './plugins/jobs-plugin';

export interface KibaliApp extends FastifyInstance {
  splash: SplashService;
  forms: FormsService;
  /** The job runner: built with the app, started by main.ts (and by the tests that test it), stopped on close. */
  jobs: JobRunner;
  sms: SmsQueue;
  /** The daily run over the deadlines of requests for changes (a job; tests run it on a fake clock). */
  changeDeadlines: ChangeDeadlines;
  /** Control-number payment: its jobs' runs and its gateway (the simulator in tests). */
  payments: PaymentsService;
}

/** Where the repository keeps the shell texts, whatever the working directory. */
export const LOCALES_DIR = path.join(PROJECT_ROOT, 'locales');
export { SCHEMAS_DIR };

/**
 * Builds the whole portal (API and, when built, the SPA). `main.ts` starts it; tests `inject` into it.
 *
 * Each module's plugin (src/server/plugins/) builds its parts and adds its routes, given the shared
 * parts it needs, and hands on those later modules need. They are plain functions called in order on
 * the one instance (no encapsulation): the order is that of the hooks, the routes and the jobs.
 */
export async function buildApp(dependencies: AppDependencies): Promise<KibaliApp> {
  const { config } = dependencies;
  const { db } = dependencies.database;
  const app = createFastify(config);
  await registerHttp(app, config, dependencies.onRoute);
  await registerApiDocs(app, config);

  const { site, splash, registry, forms } = await openForms({ config, db, dependencies });
  await registerPages(app, { config, site, forms });
  const { limits, rateLimitState } = await registerLimits(app, config, dependencies.rateLimits);

  const { captcha } = registerSite(app, { config, db, dependencies, rateLimitState, splash, forms });
  const { jobs, sms, notifier } = registerJobs(app, { config, db, dependencies });
  const { payments } = registerPayments(app, { config, db, dependencies, jobs, notifier });
  const drafts = draftParts(app, { config, db, sms, registry });
  const { codes, fees } = drafts;
  const { confirmation } = registerEngineers(app, { db, sms, forms, limits, ...drafts });
  registerDevTools(app, { config, db, payments });
  const { requireStaff } = registerStaffSessions(app, { config, db, dependencies, codes, sms });
  registerForms(app, { db, forms, splash, requireStaff });
  const { applications } = registerApplications(app, { db, dependencies, forms, sms, confirmation, limits, ...drafts });
  const { sessions, signIn } = registerSignIn(app, {
    db,
    dependencies,
    sms,
    captcha,
    forms,
    applications,
    limits,
    ...drafts,
  });
  registerLookups(app, { config, db, dependencies, codes, sms });
  const applicant = { db, dependencies, forms, sessions, limits, ...drafts };
  const { storage } = await registerAttachments(app, { config, ...applicant });
  registerDashboard(app, { signIn, storage, payments, ...applicant });
  const { changeDeadlines } = registerChanges(app, { db, forms, applications, sessions, notifier, sms, jobs });
  registerBackOffice(app, { config, db, forms, notifier, sessions, payments, fees, requireStaff, storage });

  // A typed const, not an assertion: the compiler checks that every part KibaliApp names is there.
  const kibali: KibaliApp = Object.assign(app, { splash, forms, jobs, sms, changeDeadlines, payments });
  return kibali;
}
