import os from 'node:os';
import path from 'node:path';
import { createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { secretProblems } from './secret-problems';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .transform((v) => v === '1' || v === 'true')
  .default(false);

/** Where proxies usually are: this machine, link-local and private networks (proxy-addr's names). */
const PRIVATE_NETWORKS = ['loopback', 'linklocal', 'uniquelocal'];
const ADDRESS_OR_SUBNET = /^(?:loopback|linklocal|uniquelocal|[0-9a-f:.]+(?:\/\d{1,3})?)$/i;

/**
 * The reverse proxies whose X-Forwarded-* headers are believed: `1` for any on this machine or a
 * private network, or a comma-separated list of addresses and subnets; empty or `0` for none.
 */
const trustedProxies = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const text = value.trim().toLowerCase();
    if (['', '0', 'false'].includes(text)) return [];
    if (['1', 'true'].includes(text)) return PRIVATE_NETWORKS;
    const list = text.split(',').map((item) => item.trim());
    if (list.some((item) => !ADDRESS_OR_SUBNET.test(item))) {
      ctx.addIssue({ code: 'custom', message: 'must be 1, or proxy addresses and subnets separated by commas' });
      return z.NEVER;
    }
    return list;
  });

/** Why a text is not a usable gateway key (Ed25519 or RSA public key, PEM), or undefined. */
function publicKeyProblem(pem: string): string | undefined {
  try {
    const type = createPublicKey(pem).asymmetricKeyType;
    return type === 'ed25519' || type === 'rsa' ? undefined : `a ${type} key`;
  } catch (error) {
    return (error as Error).message;
  }
}

const phone = z.string().regex(/^\+?[0-9 ]{7,20}$/, 'must be a phone number such as +255 24 223 0000');

const schema = z
  .object({
    // Production unless told otherwise: a server started bare gets the safe settings (npm start says development).
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    // Only this machine unless told otherwise: a proxy on it forwards; HOST=0.0.0.0 for every interface.
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATA_DIR: z.string().min(1).default('./data'),
    // Uploaded files; unset, DATA_DIR/uploads. Several servers need one folder they all see (a shared volume).
    UPLOAD_DIR: z.string().min(1).optional(),
    // The forms folder (in the layout of schemas/) that the first start and reload_forms import; unset, schemas/.
    FORMS_DIR: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    STAFF_API_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    // The name the token's calls are recorded under in applications' histories (never a person's).
    STAFF_API_TOKEN_NAME: z
      .string()
      .regex(
        /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,59}$/u,
        'must be 1 to 60 letters, digits, spaces, dots, dashes or underscores',
      )
      .default('integration'),
    // Signs the sign-in's proof-of-work challenges (ALTCHA): the same on every server process.
    ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    // Signs the permits' QR links (HMAC-SHA256, src/server/permits/permit-signature.ts): the same on every
    // server process and kept across restarts, or every printed permit reads as forged.
    PERMIT_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    // The portal's address as the public reaches it: printed in the permits' QR codes and sent by SMS.
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?$/, 'must be an origin such as https://kibali.go.tz (no path)')
      .optional(),
    DEV_TOOLS: flag,
    MAINTENANCE_MODE: flag,
    // Production with the SMS outbox and the demo ZanID registry (a demonstration), loudly logged.
    DEMO_MODE: flag,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SUPPORT_PHONE: phone.default('+255 24 223 0000'),
    WHATSAPP_NUMBER: z
      .string()
      .regex(/^[0-9]{9,15}$/, 'must be the number in international form, digits only, such as 255777000000')
      .default('255777000000'),
    STATIC_DIR: z.string().min(1).default('./dist/client'),
    UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(104857600).default(10485760),
    IDENTITY_REGISTRY_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
      .optional(),
    IDENTITY_REGISTRY_TOKEN: z.string().min(1).optional(),
    SMS_GATEWAY_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/, 'must be an http:// or https:// URL')
      .optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    // The SMS gateway's token for texts sent TO the portal (POST /api/sms/inbound); unset, that endpoint refuses all.
    SMS_INBOUND_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    // The payment gateway (control numbers): the simulator (development, tests, demonstrations) or GePG/ZanMalipo.
    PAYMENT_PROVIDER: z.enum(['simulator', 'gepg']).default('simulator'),
    PAYMENT_GATEWAY_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/, 'must be an http:// or https:// URL')
      .optional(),
    PAYMENT_GATEWAY_TOKEN: z.string().min(1).optional(),
    // The gateway's public key (PEM; "\n" may stand for the line breaks): it signs notices and callbacks.
    PAYMENT_GATEWAY_PUBLIC_KEY: z
      .string()
      .transform((v) => v.replace(/\\n/g, '\n'))
      .refine((v) => publicKeyProblem(v) === undefined, { message: 'must be an Ed25519 or RSA public key in PEM' })
      .optional(),
    TRUST_PROXY: trustedProxies,
    // Whether this server process also runs the jobs (SMS deliveries, reminders, sweeps). Several servers
    // may all run them (a job is taken by one), or leave them to one job runner (deploy/systemd: kibali-jobs).
    RUN_JOBS: z
      .enum(['0', '1', 'true', 'false', ''])
      .transform((v) => v !== '0' && v !== 'false')
      .default(true),
    // Every browser of an end-to-end run comes from 127.0.0.1: the per-client limits are multiplied there.
    RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .superRefine(
    (c, ctx) => {
      if (c.RATE_LIMIT_FACTOR > 1 && c.NODE_ENV === 'production') {
        ctx.addIssue({ code: 'custom', path: ['RATE_LIMIT_FACTOR'], message: 'is refused when NODE_ENV=production' });
      }
      if (c.PAYMENT_PROVIDER === 'gepg' && !c.PAYMENT_GATEWAY_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_GATEWAY_URL'],
          message: 'is required when PAYMENT_PROVIDER=gepg',
        });
      }
      if (c.PAYMENT_PROVIDER === 'gepg' && !c.PAYMENT_GATEWAY_PUBLIC_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_GATEWAY_PUBLIC_KEY'],
          message: 'is required when PAYMENT_PROVIDER=gepg (it checks the signature of every payment notice)',
        });
      }
      if (c.DEV_TOOLS === true && c.NODE_ENV === 'production') {
        ctx.addIssue({ code: 'custom', path: ['DEV_TOOLS'], message: 'is refused when NODE_ENV=production' });
      }
    },
    // Also when other values are wrong: every wrong value gets its line in one go.
    { when: () => true },
  );

export type Config = z.output<typeof schema>;

/** Every variable the configuration reads (deploy/.env.example describes each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

/** Values never echoed in an error message: they may hold passwords or tokens. */
const SECRETS = new Set([
  'STAFF_API_TOKEN',
  'ALTCHA_HMAC_KEY',
  'PERMIT_SIGNING_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'IDENTITY_REGISTRY_URL',
  'IDENTITY_REGISTRY_TOKEN',
  'SMS_GATEWAY_URL',
  'SMS_GATEWAY_TOKEN',
  'SMS_INBOUND_TOKEN',
  'PAYMENT_GATEWAY_URL',
  'PAYMENT_GATEWAY_TOKEN',
  'PAYMENT_GATEWAY_PUBLIC_KEY',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the configuration from the environment; every wrong value gets its own line in the error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(Object.keys(schema.shape ?? {}).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = schema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = i.path.join('.');
        const value = env[name];
        const shown = SECRETS.has(name) ? '' : ` (got "${value}")`;
        return `${name} ${i.message}${value === undefined ? '' : shown}`;
      }),
    );
  }
  const config = parsed.data;
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    STATIC_DIR: path.resolve(config.STATIC_DIR),
    ...(config.UPLOAD_DIR ? { UPLOAD_DIR: path.resolve(config.UPLOAD_DIR) } : {}),
    ...(config.FORMS_DIR ? { FORMS_DIR: path.resolve(config.FORMS_DIR) } : {}),
  };
}

/**
 * What a production server (and the job runner) refuses to serve with: a placeholder, published or
 * shared secret (secret-problems.ts, in DEMO_MODE too), and unless DEMO_MODE=1 SMS kept in the outbox
 * (no applicant receives a code) and the demo ZanID registry (anyone passes as its fictional people).
 * Asked by the server as it starts, not by loadConfig: the scripts (migrate, seed, staff) send no SMS.
 */
export function servingProblems(config: Config): string[] {
  const problems = secretProblems(config);
  if (config.NODE_ENV !== 'production' || config.DEMO_MODE) return problems;
  if (!config.SMS_GATEWAY_URL) {
    problems.push(
      'SMS_GATEWAY_URL is required when NODE_ENV=production (without it SMS stay in the outbox); DEMO_MODE=1 for a demonstration',
    );
  }
  if (!config.IDENTITY_REGISTRY_URL) {
    problems.push(
      'IDENTITY_REGISTRY_URL is required when NODE_ENV=production (without it the demo registry answers); DEMO_MODE=1 for a demonstration',
    );
  }
  if (!config.ALTCHA_HMAC_KEY) {
    problems.push(
      'ALTCHA_HMAC_KEY is required when NODE_ENV=production (every server must sign and check the captcha with one key); DEMO_MODE=1 for a demonstration',
    );
  }
  if (!config.PERMIT_SIGNING_KEY) {
    problems.push(
      "PERMIT_SIGNING_KEY is required when NODE_ENV=production (the permits' QR links are signed with it; the development key is public); DEMO_MODE=1 for a demonstration",
    );
  }
  if (!config.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL is required when NODE_ENV=production (the portal's address, printed in the permits' QR codes); DEMO_MODE=1 for a demonstration",
    );
  }
  if (config.PAYMENT_PROVIDER === 'simulator') {
    problems.push(
      'PAYMENT_PROVIDER=gepg is required when NODE_ENV=production (the simulator takes no money and its signing key is public); DEMO_MODE=1 for a demonstration',
    );
  }
  return problems;
}

/** The loud line a production server in DEMO_MODE logs as it starts, or nothing. */
export function demoModeWarning(config: Config): string | undefined {
  if (config.NODE_ENV !== 'production' || !config.DEMO_MODE) return undefined;
  const what = [
    config.SMS_GATEWAY_URL ? undefined : 'SMS are NOT sent (kept in the outbox)',
    config.IDENTITY_REGISTRY_URL ? undefined : 'ZanIDs are checked against the DEMO registry',
    config.PAYMENT_PROVIDER === 'simulator' ? 'payments are SIMULATED (no money is taken)' : undefined,
  ].filter(Boolean);
  return `DEMO_MODE=1: THIS IS A DEMONSTRATION, NOT A SERVICE FOR APPLICANTS${what.length ? `: ${what.join('; ')}` : ''}`;
}

/**
 * Whether pages may show demo-only hints (such as the README's test ID numbers): only where the demo
 * ZanID registry answers, i.e. outside production or in DEMO_MODE, without a real registry.
 */
export function showsDemoHints(config: Pick<Config, 'NODE_ENV' | 'DEMO_MODE' | 'IDENTITY_REGISTRY_URL'>): boolean {
  return (config.NODE_ENV !== 'production' || config.DEMO_MODE) && !config.IDENTITY_REGISTRY_URL;
}

/** The portal's public origin: PUBLIC_URL, else this server on localhost (development and tests). */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT || 8080}`;
}

/** Where uploaded files are kept: UPLOAD_DIR, or the folder uploads of DATA_DIR. */
export function uploadDir(config: Pick<Config, 'DATA_DIR' | 'UPLOAD_DIR'>): string {
  return config.UPLOAD_DIR ?? path.join(config.DATA_DIR, 'uploads');
}

/** A configuration for tests: defaults, overridden by what the test names. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.join(os.tmpdir(), `kibali-test-${process.pid}`);
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), ...overrides };
}
