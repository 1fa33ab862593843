import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { destination } from 'pino';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { demoModeWarning, showsDemoHints, uploadDir, type Config } from './config';
import { PROJECT_ROOT, SCHEMAS_DIR } from './project-root';
import type { DatabaseHandle } from './db/database';
import './http/fastify-augment';
import { registerAnswerChecks } from './http/contract-route';
import { answerFrameworkError, registerErrorHandling } from './http/error-handler';
import { registerExpectContinue } from './http/expect-continue';
import { registerJsonBodies } from './http/json-body';
import { DraftLimits } from './http/draft-limits';
import { registerCrossSiteWrites } from './http/cross-site-writes';
import { registerRateLimits, scaledLimits, type RateLimitSettings } from './http/rate-limits';
import { DEFAULT_BODY_LIMIT } from './http/body-schemas';
import { reply } from './http/envelope';
import { registerSecurityHeaders } from './http/security-headers';
import { warnOfUntrustedForwarding } from './http/forwarded-headers-warning';
import { registerStaticFiles } from './spa/static-files';
import { languageFromHeader } from './i18n/messages';
import { FormRegistry } from './forms/form-registry';
import { FormsService } from './forms/forms-service';
import { SplashService } from './reference/splash-service';
import { formsRoutes } from './forms/forms-routes';
import { validatorRoutes } from './forms/validator-routes';
import { applicationRoutes } from './applications/application-routes';
import { devRoutes } from './sms/dev-routes';
import { OneTimeCodes } from './codes/one-time-codes';
import { CodeLockNotice } from './codes/code-lock-notice';
import { EngineerConfirmation } from './engineers/engineer-confirmation';
import { HttpSmsSender } from './sms/http-sms-sender';
import { OutboxSmsSender, type SmsSender } from './sms/sms-sender';
import { SmsQueue, type SmsRetryPolicy } from './sms/sms-queue';
import { JobRunner, type RunnerTiming } from './jobs/job-runner';
import { SWEEP_CRON } from './retention/retention-policy';
import { Sweeper, SWEEP_QUEUE } from './retention/sweeper';
import { ContinueService } from './applications/continue-service';
import { continueRoutes } from './applications/continue-routes';
import { draftResumeRoutes } from './applications/draft-resume-routes';
import { DraftResumeService } from './applications/draft-resume-service';
import { attachmentRoutes } from './attachments/attachment-routes';
import { AttachmentsService } from './attachments/attachments-service';
import { draftAttachments } from './attachments/attachments-repository';
import { FolderFileStorage } from './attachments/file-storage';
import type { UploadLimits } from './attachments/upload-limits';
import { identityRoutes } from './identity/identity-routes';
import { DemoIdentityRegistry, HttpIdentityRegistry, type IdentityRegistry } from './identity/identity-registry';
import { ApplicationsService, type EngineerProofs } from './applications/applications-service';
import { PhoneChange } from './applications/phone-change';
import { ReferenceSms } from './applications/reference-sms';
import { FindReferenceService } from './find-reference/find-reference-service';
import { findReferenceRoutes } from './find-reference/find-reference-routes';
import { DraftCookies } from './drafts/draft-cookie';
import { DraftOwners } from './drafts/draft-owners';
import { FeesRepository } from './fees/fees-repository';
import { feesRoutes } from './fees/fees-routes';
import { FeesService } from './fees/fees-service';
import { engineerRoutes } from './engineers/engineer-routes';
import { healthRoutes } from './http/health-routes';
import { splashRoutes } from './reference/splash-routes';
import { StaffServices } from './back-office/staff-services';
import { Notifier } from './notifications/notifier';
import { staffRoutes } from './back-office/staff-routes';
import { CaptchaService, type ProofOfWork } from './captcha/captcha-service';
import { captchaRoutes } from './captcha/captcha-routes';
import { DashboardService } from './dashboard/dashboard-service';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { WithdrawService } from './applications/withdraw-service';
import { withdrawRoutes } from './applications/withdraw-routes';
import { completeSignIn, signInRoutes } from './sessions/sign-in-routes';
import { SessionStore, type SessionLimits } from './sessions/session-store';
import { sessionCookieSettings } from './sessions/session-cookie';
import { SignInService } from './sessions/sign-in-service';
import { StaffCookie } from './staff-accounts/staff-cookie';
import { staffGuard } from './staff-accounts/staff-guard';
import { staffSessionRoutes } from './staff-accounts/staff-session-routes';
import { StaffSessionStore, type StaffSessionLimits } from './staff-accounts/staff-session-store';
import { StaffSignInService } from './staff-accounts/staff-sign-in-service';
import { studioParts } from './studio/studio-module';
import { permitsServiceFor } from './permits/permits-module';
import { permitsRoutes } from './permits/permits-routes';
import { studioRoutes } from './studio/studio-routes';
import { InboundSmsService } from './inbound-sms/inbound-sms-service';
import { inboundSmsRoutes } from './inbound-sms/inbound-sms-routes';
import { scheduleReminders } from './reminders/reminders-job';
import { ChangeAnswersService } from './changes/change-answers-service';
import { CHANGE_DEADLINES_CRON, CHANGE_DEADLINES_QUEUE, ChangeDeadlines } from './changes/change-deadlines';
import { changeRoutes } from './changes/change-routes';
import type { PaymentGateway } from './payments/payment-gateway';
import type { PaymentTiming } from './payments/payment-timing';
import { paymentsModule, signatureVerifierFor } from './payments/payments-module';
import { withdrawalPayments } from './payments/invoice-cancellation';
import { paymentsRoutes } from './payments/payments-routes';
import type { PaymentsService } from './payments/payments-service';
import { receiptRoutes } from './payments/receipt-routes';
import { simulatorDevRoutes } from './payments/simulator-dev-routes';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /**
   * The folder the forms are imported from on the first start and by reload_forms (schemas/ unless a
   * test gives a copy); once a version is published the database's latest version is served.
   */
  formsDir?: string;
  /** How often the forms recheck the database for a newer published version (ms); tests shorten it. */
  formsRecheckMs?: number;
  /** The ZanID registry; by default from the configuration (demo registry unless IDENTITY_REGISTRY_URL). */
  identityRegistry?: IdentityRegistry;
  /** Checks the engineer's confirmation proof; tests may give their own. */
  engineerProofs?: EngineerProofs;
  /** How often the splash answer rechecks the reference version (ms); tests shorten it. */
  splashRecheckMs?: number;
  /** Other idle and maximum session lengths; tests shorten them. */
  sessionLimits?: SessionLimits;
  /** Other idle and maximum staff session lengths; tests shorten them. */
  staffSessionLimits?: StaffSessionLimits;
  /** Other rate-limit numbers or Redis key prefix; tests that call a limited route many times raise them. */
  rateLimits?: RateLimitSettings;
  /** Other upload quotas (src/server/attachments/upload-limits.ts); tests scale them down. */
  uploadLimits?: UploadLimits;
  /** Another proof-of-work cost for the sign-in's captcha; tests lower it. */
  captchaWork?: ProofOfWork;
  /** Other SMS retry delays; tests of the job runner shorten them. */
  smsRetry?: SmsRetryPolicy;
  /** Other job runner polling intervals; tests of the job runner shorten them. */
  jobTiming?: RunnerTiming;
  /** The payment gateway; by default from the configuration (the simulator unless PAYMENT_PROVIDER=gepg). */
  paymentGateway?: PaymentGateway;
  /** Other bill re-issue and reconciliation timings; tests change them. */
  paymentTiming?: PaymentTiming;
  /** Hears of each route as it is added (the contract test lists the API's routes). */
  onRoute?: (route: RouteOptions) => void;
}

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

function identityRegistryFor(config: Config): IdentityRegistry {
  return config.IDENTITY_REGISTRY_URL
    ? new HttpIdentityRegistry(config.IDENTITY_REGISTRY_URL, config.IDENTITY_REGISTRY_TOKEN)
    : new DemoIdentityRegistry();
}

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

/** Where the repository keeps the shell texts, whatever the working directory. */
export const LOCALES_DIR = path.join(PROJECT_ROOT, 'locales');
export { SCHEMAS_DIR };

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    // Written without blocking: the lines that come while a write is under way go in the next one,
    // instead of one write to stdout per request (a tenth of a small request's time under load).
    // Flushed as the process exits; only a kill -9 loses the last few lines.
    stream: destination({ dest: 1, sync: false }),
    // Only what helps an operator and names no person: no query strings, bodies, addresses or cookies.
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/** One log line per request, once it is answered, with its method and path (Fastify writes two). */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, res: FastifyReply): void {
    const line = { req: request, res, responseTime: res.elapsedTime };
    if (error) res.log.error({ ...line, err: error }, 'request errored');
    else res.log.info(line, 'request completed');
  }
}

/** Builds the whole portal (API and, when built, the SPA). `main.ts` starts it; tests `inject` into it. */
export async function buildApp(dependencies: AppDependencies): Promise<KibaliApp> {
  const { config, database, splashRecheckMs } = dependencies;
  const app = Fastify({
    logger: loggerOptions(config),
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Only the proxies named: the client is the last address of X-Forwarded-For that none of them
    // added, whatever the client itself wrote before it.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY.join(',') : false,
    requestTimeout: 30_000,
    // Every JSON body is small; the calls that carry a form's answers say how much more they take, and
    // uploads have their own limits (multipart).
    bodyLimit: DEFAULT_BODY_LIMIT,
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true } },
  });

  const demo = demoModeWarning(config);
  if (demo) app.log.warn(`!!! ${demo} !!!`);
  warnOfUntrustedForwarding(app, config);
  app.decorate('sessionCookie', sessionCookieSettings(config));

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request, res) => {
    request.language = languageFromHeader(request.headers['accept-language']);
    res.header('X-Request-Id', request.id);
  });
  app.addHook('onSend', async (request, res) => {
    if (request.url.startsWith('/api/') && !res.hasHeader('Cache-Control')) res.header('Cache-Control', 'no-store');
  });

  registerJsonBodies(app);
  registerExpectContinue(app, config.UPLOAD_MAX_BYTES);
  // Before any route: each contract route's answer is checked against its shared schema outside production.
  registerAnswerChecks(app, config.NODE_ENV !== 'production');
  const { onRoute } = dependencies;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  registerSecurityHeaders(app);
  // After the security headers' hooks, so that these early answers carry them too.
  app.addHook('onRequest', async (request, res) => {
    if (closing) {
      res.header('Connection', 'close');
      return reply(request, res, 503, 'unavailable', {});
    }
    if (config.MAINTENANCE_MODE && request.url.startsWith('/api/')) {
      return reply(request, res, 503, 'maintenance', { maintenance: true });
    }
  });
  registerCrossSiteWrites(app);
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kibali API',
        version: '1',
        description:
          'Every call is POST /api/<group>/<action> with a JSON body and answers the envelope ' +
          '{ response: { code, message, data } } with HTTP status equal to code (api-contract.md).',
      },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // In development (npm start, npm run dev): the OpenAPI document as a page to browse and try
  // (http://localhost:8080/docs). Outside /api: answers there carry the API's closed CSP, no script or style.
  if (config.NODE_ENV === 'development' && config.DEV_TOOLS) {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await app.register(swaggerUi, { routePrefix: '/docs' });
  }
  const site = {
    support_phone: config.SUPPORT_PHONE,
    whatsapp_number: config.WHATSAPP_NUMBER,
    demo_hints: showsDemoHints(config),
  };
  const splash = new SplashService(database.db, site, splashRecheckMs);
  // The first start publishes schemas/ (or FORMS_DIR) as version 1 (a broken folder then stops the start).
  const formsDir = dependencies.formsDir ?? config.FORMS_DIR ?? SCHEMAS_DIR;
  const registry = await FormRegistry.open(database.db, {
    importFrom: formsDir,
    ...(dependencies.formsRecheckMs === undefined ? {} : { recheckMs: dependencies.formsRecheckMs }),
  });
  const forms = new FormsService(registry, splash, formsDir);
  const spa = await registerStaticFiles(app, config.STATIC_DIR, site, {
    dataPreloads: (pathname, search) => forms.preloadsFor(pathname, search),
    // Under maintenance the app starts at once on every page, to show that it is.
    renderPages: !config.MAINTENANCE_MODE,
  });
  registerErrorHandling(app, { spa });
  // Before any route: the plugin applies a route's config.rateLimit when the route is added.
  const rateLimits = dependencies.rateLimits ?? scaledLimits(config.RATE_LIMIT_FACTOR);
  const rateLimitState = await registerRateLimits(app, config, rateLimits);
  const limits = new DraftLimits(app, rateLimits);

  healthRoutes(app, database.db, rateLimitState);
  const captcha = new CaptchaService(database.db, { hmacKey: config.ALTCHA_HMAC_KEY, work: dependencies.captchaWork });
  captchaRoutes(app, captcha);
  splashRoutes(app, splash, forms);
  const jobs = new JobRunner(
    database.db,
    (error) => app.log.error({ err: { type: error.name, message: error.message } }, 'job runner error'),
    dependencies.jobTiming,
  );
  // Stopped before the database closes: jobs under way get a few seconds, within the shutdown's grace.
  app.addHook('preClose', () => jobs.stop());
  const sms = new SmsQueue(database.db, jobs, smsSenderFor(config, database.db, app.log), dependencies.smsRetry);
  const sweeper = new Sweeper(database.db, uploadDir(config));
  jobs.handle(SWEEP_QUEUE, async () => {
    app.log.info({ sweep: await sweeper.run() }, 'retention sweep');
  });
  jobs.schedule({ queue: SWEEP_QUEUE, cron: SWEEP_CRON });
  scheduleReminders(jobs, database.db, sms, app.log);
  // Texts sent to the portal's number (HALI / STATUS <reference>), delivered by the SMS gateway.
  inboundSmsRoutes(app, new InboundSmsService(database.db, sms), config.SMS_INBOUND_TOKEN);
  const notifier = new Notifier(database.db, sms);
  const payments = paymentsModule(app, {
    config,
    db: database.db,
    jobs,
    notifier,
    ...(dependencies.paymentGateway ? { gateway: dependencies.paymentGateway } : {}),
    ...(dependencies.paymentTiming ? { timing: dependencies.paymentTiming } : {}),
  });
  paymentsRoutes(app, payments, signatureVerifierFor(config));
  const lockNotice = new CodeLockNotice(database.db, sms);
  const codes = new OneTimeCodes(database.db, {
    onLock: (purpose, subject) =>
      lockNotice.notify(purpose, subject).catch((error: unknown) => {
        app.log.warn({ err: error, purpose }, 'the owner of a locked subject could not be told by SMS');
      }),
  });
  // A draft is written only by its owner (the browser holding its draft cookie).
  const owners = new DraftOwners(database.db);
  const fees = new FeesService(new FeesRepository(database.db), registry, owners);
  const draftCookies = new DraftCookies(config.NODE_ENV === 'production');
  const phones = new PhoneChange(codes, sms, config.SUPPORT_PHONE);
  const confirmation = new EngineerConfirmation(database.db, codes, sms, forms);
  engineerRoutes(app, database.db, confirmation, { owners, cookies: draftCookies, limits });
  if (config.DEV_TOOLS) {
    devRoutes(app, database.db);
    simulatorDevRoutes(app, payments);
  }
  // Staff: people signed in with their accounts (a session of their own), and the integration's token.
  const staffSessions = new StaffSessionStore(database.db, dependencies.staffSessionLimits);
  const staffCookie = new StaffCookie(config);
  const requireStaff = staffGuard({
    sessions: staffSessions,
    cookie: staffCookie,
    token: config.STAFF_API_TOKEN,
    tokenName: config.STAFF_API_TOKEN_NAME,
  });
  staffSessionRoutes(app, {
    signIn: new StaffSignInService(database.db, codes, sms, staffSessions),
    sessions: staffSessions,
    cookie: staffCookie,
    requireStaff,
  });
  formsRoutes(app, forms, requireStaff);
  studioRoutes(app, studioParts(database.db, forms, splash), requireStaff);
  validatorRoutes(app, forms);
  const referenceSms = new ReferenceSms(sms);
  app.addHook('preClose', () => referenceSms.settled());
  const applications = new ApplicationsService(
    database.db,
    forms,
    dependencies.engineerProofs ?? confirmation,
    owners,
    phones,
    referenceSms,
  );
  applicationRoutes(app, applications, { cookies: draftCookies, limits });
  draftResumeRoutes(app, new DraftResumeService(owners, applications, (id) => draftAttachments(database.db, id)), {
    cookies: draftCookies,
    limits,
  });
  feesRoutes(app, fees, { cookies: draftCookies, limits });
  const sessions = new SessionStore(database.db, dependencies.sessionLimits);
  const signIn = new SignInService(database.db, codes, sms, captcha, sessions, forms);
  continueRoutes(
    app,
    new ContinueService(database.db, codes, sms, applications),
    codes,
    applications,
    { owners, cookies: draftCookies, limits },
    {
      purpose: SignInService.PURPOSE,
      complete: (request, res, reference) => completeSignIn(request, res, signIn, sessions, reference),
    },
  );
  signInRoutes(app, signIn, sessions, limits);
  findReferenceRoutes(app, new FindReferenceService(database.db, codes, sms));
  identityRoutes(app, dependencies.identityRegistry ?? identityRegistryFor(config));
  const storage = new FolderFileStorage(uploadDir(config));
  await attachmentRoutes(
    app,
    new AttachmentsService(database.db, storage, config.UPLOAD_MAX_BYTES, forms, owners, dependencies.uploadLimits),
    config.UPLOAD_MAX_BYTES,
    sessions,
    { cookies: draftCookies, limits },
  );
  dashboardRoutes(app, {
    dashboard: new DashboardService(database.db, forms, fees),
    sessions,
    signIn,
    storage,
    limits,
  });
  receiptRoutes(app, database.db, sessions);
  withdrawRoutes(app, new WithdrawService(database.db, owners, withdrawalPayments(payments.cancellation)), sessions, {
    cookies: draftCookies,
    limits,
  });
  // Requests for changes: the applicant's answers, and the deadlines' daily reminders and overdue marks.
  changeRoutes(app, new ChangeAnswersService(database.db, forms, applications), sessions);
  const changeDeadlines = new ChangeDeadlines(database.db, notifier, sms);
  jobs.handle(CHANGE_DEADLINES_QUEUE, async () => {
    app.log.info({ change_deadlines: await changeDeadlines.run() }, 'change request deadlines');
  });
  jobs.schedule({ queue: CHANGE_DEADLINES_QUEUE, cron: CHANGE_DEADLINES_CRON });

  const permits = permitsServiceFor(config, database.db, forms, notifier);
  permitsRoutes(app, permits, sessions);
  staffRoutes(app, new StaffServices(database.db, notifier, forms, permits, payments, fees), requireStaff);
  // A typed const, not an assertion: Fastify's instance is typed as thenable, which the async return would unwrap.
  const kibali: KibaliApp = Object.assign(app, { splash, forms, jobs, sms, changeDeadlines, payments });
  return kibali;
}
