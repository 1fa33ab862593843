import Ajv, { type ErrorObject } from 'ajv';
import type { Kysely } from 'kysely';
import { BACK_OFFICE_ROLES, isStaffRole } from '../../shared/api/staff-session';
import type { Database } from '../db/schema';
import { findAccountByLogin } from '../staff-accounts/staff-accounts-access';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { normalizeLogin } from '../staff-accounts/staff-login';
import { readSecretLine } from '../staff-accounts/staff-secret-input';
import { runUsersCli } from '../staff-accounts/staff-users-cli';
import { ConfigError, loadConfig, type Config } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/setup';
import { ApiError } from '../http/envelope';
import { refuseHiddenText } from '../http/plain-text';
import { message } from '../i18n/messages';
import { Notifier } from '../notifications/notifier';
import { FormRegistry } from '../forms/form-registry';
import { FormsService } from '../forms/forms-service';
import { SCHEMAS_DIR } from '../project-root';
import { SplashService } from '../reference/splash-service';
import { HttpSmsSender } from '../sms/http-sms-sender';
import { JobRunner } from '../jobs/job-runner';
import { SmsQueue } from '../sms/sms-queue';
import { OutboxSmsSender, type SmsSender } from '../sms/sms-sender';
import { permitsServiceFor } from '../permits/permits-module';
import { paymentGatewayFor } from '../payments/payments-module';
import { PaymentsService } from '../payments/payments-service';
import { StaffServices } from './staff-services';
import { STAFF_ACTION_LIST, STAFF_MULTILINE_TEXTS, type StaffActionName } from './staff-actions';
import { parseCommandLine, UsageError, type Invocation } from './staff-cli-parse';
import { printAnswer } from './staff-cli-output';
import { DraftOwners } from '../drafts/draft-owners';
import { FeesRepository } from '../fees/fees-access';
import { FeesService } from '../fees/fees-service';

/** The envelope's content, whether the call went over HTTP or straight to the service. */
export interface StaffResponse {
  code: number;
  message: string;
  data: Record<string, unknown>;
}

interface Caller {
  call(action: StaffActionName, body: Record<string, unknown>): Promise<StaffResponse>;
  close(): Promise<void>;
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** A secret line (a password): typed without echo at a terminal, else the first line of stdin. */
  secret?(prompt: string): Promise<string>;
}

const consoleIo: CliIo = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  secret: (prompt) => readSecretLine(prompt),
};

/** A refusal the command line explains and stops on (exit code 1). */
class Refusal extends Error {}

/**
 * `npm run staff -- <command>`: the back office from a terminal. Answers the exit code: 0 done,
 * 1 refused (the message printed), 2 wrong usage.
 */
export async function runStaffCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  io: CliIo = consoleIo,
): Promise<number> {
  if (argv[0] === 'users') return runUsersCli(argv.slice(1), env, { secret: readSecretLine, ...io });
  let invocation: Invocation;
  try {
    const parsed = parseCommandLine(argv);
    if ('help' in parsed) {
      io.out(parsed.help);
      return 0;
    }
    invocation = parsed;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\nSee: npm run staff -- help`);
    return 2;
  }

  let caller: Caller;
  try {
    caller = invocation.url
      ? httpCaller(invocation.url, env.STAFF_API_TOKEN, invocation.language)
      : await databaseCaller(env, invocation, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof Refusal || error instanceof ConfigError || error instanceof DataDirLockedError) {
      io.err(error.message);
      if (error instanceof DataDirLockedError)
        io.err('A running server has this data: use --url http://localhost:<PORT> with STAFF_API_TOKEN instead.');
      return 1;
    }
    throw error;
  }
  try {
    const response = await caller.call(invocation.action, invocation.body);
    printAnswer(invocation, response, io);
    if (response.code === 200) return 0;
    return response.code === 400 ? 2 : 1;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await caller.close();
  }
}

function httpCaller(url: string, token: string | undefined, language: string): Caller {
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new UsageError(`--url must be http://host:port, not "${url}".`);
  if (!token) throw new UsageError('--url needs the back-office token in the environment: STAFF_API_TOKEN=… .');
  const base = url.replace(/\/+$/, '');
  return {
    async call(action, body) {
      let res: Response;
      try {
        res = await fetch(`${base}${STAFF_ACTION_LIST[action].call.path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'accept-language': language,
            authorization: `Bearer ${token}`,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
      } catch (error) {
        throw new Refusal(`Cannot reach ${base}: ${(error as Error).message}`);
      }
      const parsed = (await res.json().catch(() => undefined)) as { response?: StaffResponse } | undefined;
      if (!parsed?.response || typeof parsed.response.code !== 'number')
        throw new Refusal(`${base} did not answer as a Kibali server (HTTP ${res.status}).`);
      return parsed.response;
    },
    close: async () => {},
  };
}

/**
 * Who a command on the database is recorded under: the `--as` account, which must be enabled and an
 * officer or admin (as over HTTP); a command that reads only may go without.
 */
async function operator(db: Kysely<Database>, invocation: Invocation): Promise<StaffActor> {
  if (invocation.as === undefined) return { kind: 'system', name: 'command line' };
  const account = await findAccountByLogin(db, normalizeLogin(invocation.as));
  if (
    !account ||
    account.disabled_at !== null ||
    !isStaffRole(account.role) ||
    !BACK_OFFICE_ROLES.includes(account.role)
  )
    throw new Refusal(message(invocation.language, 'staff_accounts.as_refused', { login: invocation.as }));
  return { kind: 'staff', accountId: account.id, login: account.login, name: account.display_name, role: account.role };
}

/** The configured database (as the server opens it: migrated, locked against a second user of a PGlite DATA_DIR). */
async function databaseCaller(env: Record<string, string | undefined>, invocation: Invocation, io: CliIo) {
  const { language } = invocation;
  const config = loadConfig(env);
  const database = await openConfiguredDatabase(config, (line) => io.err(line));
  let actor: StaffActor;
  try {
    actor = await operator(database.db, invocation);
  } catch (error) {
    await database.close();
    throw error;
  }
  const splash = new SplashService(database.db, {
    support_phone: config.SUPPORT_PHONE,
    whatsapp_number: config.WHATSAPP_NUMBER,
  });
  // The published forms name the documents (their document rules).
  const schemas = SCHEMAS_DIR;
  const forms = new FormsService(await FormRegistry.open(database.db, { importFrom: schemas }), splash, schemas);
  const jobs = new JobRunner(database.db);
  // The SMS is queued with its notification and tried at once; the server's job runner retries it if need be.
  const notifier = new Notifier(database.db, new SmsQueue(database.db, jobs, smsSender(config, database, io)));
  // Bills are raised as the server raises them (its job runner retries one the gateway refused); a
  // production database never gets the simulator's control numbers unless DEMO_MODE=1.
  const simulatorRefused =
    config.NODE_ENV === 'production' && !config.DEMO_MODE && config.PAYMENT_PROVIDER === 'simulator';
  const payments = simulatorRefused
    ? undefined
    : new PaymentsService(database.db, paymentGatewayFor(config, database.db), jobs, notifier);
  const staff = new StaffServices(
    database.db,
    notifier,
    forms,
    permitsServiceFor(config, database.db, forms, notifier),
    payments,
    new FeesService(new FeesRepository(database.db), forms.registry, new DraftOwners(database.db)),
  );
  // The very options the server gives Fastify's validator, so that a body refused there is refused here.
  const ajv = new Ajv({ removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true });
  const caller: Caller = {
    async call(action, body) {
      const definition = STAFF_ACTION_LIST[action];
      const validate = ajv.compile(definition.call.body ?? {});
      if (!validate(body)) {
        return { code: 400, message: message(language, 'invalid_body'), data: { errors: bodyErrors(validate.errors) } };
      }
      try {
        // As the server's staff routes do: no hidden characters in the texts (src/server/http/plain-text.ts).
        refuseHiddenText(body, STAFF_MULTILINE_TEXTS, language);
        const answer = await definition.run(staff, body as never, language, actor);
        return {
          code: 200,
          message: message(language, answer.messageKey, answer.params, answer.data),
          data: answer.data as never,
        };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return {
          code: error.code,
          message: message(language, error.messageKey, error.params, error.data),
          data: error.data,
        };
      }
    },
    close: () => database.close(),
  };
  return caller;
}

function smsSender(config: Config, database: { db: ConstructorParameters<typeof OutboxSmsSender>[0] }, io: CliIo) {
  if (!config.SMS_GATEWAY_URL) return new OutboxSmsSender(database.db) as SmsSender;
  return new HttpSmsSender({
    url: config.SMS_GATEWAY_URL,
    token: config.SMS_GATEWAY_TOKEN,
    onFailure: (failure) =>
      io.err(`The SMS gateway did not send a message (${failure.reason} ${failure.status ?? ''}).`),
  });
}

function bodyErrors(errors: ErrorObject[] | null | undefined) {
  return (errors ?? []).map((e) => {
    const params = e.params as { missingProperty?: string; additionalProperty?: string };
    const extra = params.missingProperty ?? params.additionalProperty;
    return { path: `${e.instancePath}${extra ? `/${extra}` : ''}` || '/', message: e.message ?? 'is not valid' };
  });
}
