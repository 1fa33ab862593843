import type { RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteSettings } from '../../shared/reference-data';
import type { ApplicationsService, EngineerProofs } from '../applications/applications-service';
import type { PhoneChange } from '../applications/phone-change';
import type { FolderFileStorage } from '../attachments/file-storage';
import type { UploadLimits } from '../attachments/upload-limits';
import type { CaptchaService, ProofOfWork } from '../captcha/captcha-service';
import type { OneTimeCodes } from '../codes/one-time-codes';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';
import type { DraftCookies } from '../drafts/draft-cookie';
import type { DraftOwners } from '../drafts/draft-owners';
import type { EngineerConfirmation } from '../engineers/engineer-confirmation';
import type { FeesService } from '../fees/fees-service';
import type { FormRegistry } from '../forms/form-registry';
import type { FormsService } from '../forms/forms-service';
import type { DraftLimits } from '../http/draft-limits';
import type { RateLimitSettings, RateLimitState } from '../http/rate-limits';
import type { IdentityRegistry } from '../identity/identity-registry';
import type { JobRunner, RunnerTiming } from '../jobs/job-runner';
import type { Notifier } from '../notifications/notifier';
import type { PaymentGateway } from '../payments/payment-gateway';
import type { PaymentTiming } from '../payments/payment-timing';
import type { PaymentsService } from '../payments/payments-service';
import type { RequireStaff } from '../staff-accounts/staff-guard';
import type { SessionLimits, SessionStore } from '../sessions/session-store';
import type { SignInService } from '../sessions/sign-in-service';
import type { SmsQueue, SmsRetryPolicy } from '../sms/sms-queue';
import type { SplashService } from '../reference/splash-service';
import type { StaffSessionLimits } from '../staff-accounts/staff-session-store';

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

/**
 * What the modules share, each made once: by buildApp (the configuration, the database, the forms, the
 * limits) or by the plugin of the module it belongs to, which hands it on. A plugin takes the few it
 * needs (`Pick<Parts, …>`).
 */
export interface Parts {
  config: Config;
  db: Kysely<Database>;
  dependencies: AppDependencies;
  /** The support numbers and demo hints every page shows. */
  site: SiteSettings;
  splash: SplashService;
  registry: FormRegistry;
  forms: FormsService;
  /** The rate limits counted per draft, per reference number and per new draft. */
  limits: DraftLimits;
  rateLimitState: () => RateLimitState;
  captcha: CaptchaService;
  jobs: JobRunner;
  sms: SmsQueue;
  notifier: Notifier;
  payments: PaymentsService;
  codes: OneTimeCodes;
  /** A draft is written only by its owner (the browser holding its draft cookie). */
  owners: DraftOwners;
  draftCookies: DraftCookies;
  fees: FeesService;
  phones: PhoneChange;
  confirmation: EngineerConfirmation;
  requireStaff: RequireStaff;
  applications: ApplicationsService;
  sessions: SessionStore;
  signIn: SignInService;
  storage: FolderFileStorage;
}
