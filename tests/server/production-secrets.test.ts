import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, servingProblems } from '../../src/server/config';
import { SIMULATOR_PUBLIC_KEY_PEM } from '../../src/server/payments/payment-signature';
import { DEVELOPMENT_SIGNING_KEY } from '../../src/server/permits/permit-signature';
import { SECRET_COMMAND } from '../../src/server/secret-problems';
import { copySeededDataDir } from '../support/pglite-template';
import { startServer, stopServer, waitUntilReady, type ServerProcess } from '../support/server-process';

// Issue 31, item 2: deploy/.env.example shipped CHANGE-ME-… for four secrets, long enough for the
// length check, so a production server started with the file as it came served a public bearer token
// to the back office and signed permits anyone could forge. These tests are the operator who forgets.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const MADE_KEYS = ['ALTCHA_HMAC_KEY', 'PERMIT_SIGNING_KEY', 'STAFF_API_TOKEN', 'SMS_INBOUND_TOKEN'] as const;
const PROVIDER_TOKENS = ['SMS_GATEWAY_TOKEN', 'IDENTITY_REGISTRY_TOKEN', 'PAYMENT_GATEWAY_TOKEN'] as const;
const SECRETS = [...MADE_KEYS, ...PROVIDER_TOKENS];

/** What the documented command makes (the same bytes as `openssl rand -base64 36`). */
/**
 * A key as `openssl rand -base64 36` makes one, drawn from a fixed seed: a run is repeatable (a fresh
 * random key is refused once in tens of millions, e.g. for six x's in a row, and failed CI once so).
 */
let keysMade = 0;
const made = () => {
  const n = keysMade++;
  const bytes = Buffer.concat([0, 1].map((part) => createHash('sha256').update(`made:${n}:${part}`).digest()));
  return bytes.subarray(0, 36).toString('base64');
};
const gatewayKey = () =>
  generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString().trim();

/** A production configuration with every integration set and every secret its own random value. */
function productionEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SMS_GATEWAY_URL: 'https://sms.gateway.test/send',
    IDENTITY_REGISTRY_URL: 'https://zanid.registry.test',
    PUBLIC_URL: 'https://kibali.portal.test',
    PAYMENT_PROVIDER: 'gepg',
    PAYMENT_GATEWAY_URL: 'https://gepg.gateway.test/api',
    PAYMENT_GATEWAY_PUBLIC_KEY: gatewayKey(),
    ...Object.fromEntries(SECRETS.map((name) => [name, made()])),
  };
}

/** What main.ts and jobs-main.ts refuse to start with: loadConfig's lines, then servingProblems'. */
function startProblems(env: Record<string, string | undefined>): string[] {
  try {
    return servingProblems(loadConfig(env));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

const PLACEHOLDERS = [
  'CHANGE-ME-to-48-random-characters-from-openssl-rand',
  'change_me_change_me_change_me_change_me',
  'ChangeMe!ChangeMe!ChangeMe!ChangeMe!ChangeMe!',
  'replace-with-a-long-random-secret-of-your-own',
  'placeholder-placeholder-placeholder-placeholder',
  '<your-secret-of-at-least-32-characters-here>',
  'x'.repeat(48),
];

describe('production refuses its secrets', () => {
  it('starts with every secret its own random value (the documented command), and names nothing', () => {
    expect(startProblems(productionEnv())).toEqual([]);
    // openssl rand -hex 32 (the README once said so) passes too.
    const hex = { ...productionEnv(), ALTCHA_HMAC_KEY: randomBytes(32).toString('hex') };
    expect(startProblems(hex)).toEqual([]);
  });

  it.each(SECRETS)('%s: each placeholder is refused, naming the variable and never echoing the value', (name) => {
    const values = MADE_KEYS.includes(name as never) ? PLACEHOLDERS : [...PLACEHOLDERS, 'CHANGE-ME', 'secret'];
    for (const value of values) {
      const problems = startProblems({ ...productionEnv(), [name]: value });
      expect(problems, value).toEqual([expect.stringMatching(new RegExp(`^${name} is (a placeholder|the example)`))]);
      expect(problems.join('\n')).not.toContain(value);
    }
  });

  it.each(SECRETS)('%s: refused in DEMO_MODE too (a demonstration is on the internet as well)', (name) => {
    const problems = startProblems({ NODE_ENV: 'production', DEMO_MODE: '1', [name]: PLACEHOLDERS[0] });
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name} is `))]);
  });

  it('refuses every placeholder at once, each on its own line, with the command that makes a key', () => {
    const example = Object.fromEntries(MADE_KEYS.map((name) => [name, PLACEHOLDERS[0]!]));
    const problems = startProblems({ ...productionEnv(), ...example });
    for (const name of MADE_KEYS) {
      expect(problems).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${name} is the example file's placeholder: make one with ${SECRET_COMMAND}`),
        ),
      );
    }
    // The same placeholder four times is also one secret for four purposes.
    expect(problems).toContainEqual(
      'ALTCHA_HMAC_KEY and PERMIT_SIGNING_KEY are the same secret: each purpose needs its own (make one with openssl rand -base64 36 for each)',
    );
  });

  it('refuses the development keys: the permit key, the payment simulator key', () => {
    expect(startProblems({ ...productionEnv(), PERMIT_SIGNING_KEY: DEVELOPMENT_SIGNING_KEY })).toEqual([
      expect.stringMatching(/^PERMIT_SIGNING_KEY is the development permit key/),
    ]);
    for (const pem of [SIMULATOR_PUBLIC_KEY_PEM, SIMULATOR_PUBLIC_KEY_PEM.trim().replaceAll('\n', '\\n')]) {
      expect(startProblems({ ...productionEnv(), PAYMENT_GATEWAY_PUBLIC_KEY: pem })).toEqual([
        expect.stringMatching(/^PAYMENT_GATEWAY_PUBLIC_KEY is the payment simulator's key/),
      ]);
    }
    // The development key outside production is what development runs on.
    expect(startProblems({ NODE_ENV: 'development', PERMIT_SIGNING_KEY: DEVELOPMENT_SIGNING_KEY })).toEqual([]);
  });

  it('refuses keys too regular to be random, and keeps what random keys look like', () => {
    const refused: [string, RegExp][] = [
      ['k'.repeat(32), /a short piece repeated/],
      ['ab'.repeat(20), /a short piece repeated/],
      ['0123456789abcdef0123456789abcdef', /a short piece repeated/],
      ['Zx9' + '0123456789'.repeat(1) + 'qWe7Rt5Yu3Io1Pa8Sd6Fg4Hj2', /a run of characters/],
      ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb', /too few different characters/],
      ['the-scale-out-test-key-shared-by-both-processes', /reads as words/],
    ];
    for (const [value, why] of refused) {
      expect(startProblems({ ...productionEnv(), STAFF_API_TOKEN: value }), value).toEqual([
        expect.stringMatching(new RegExp(`^STAFF_API_TOKEN (\\w+ )?${why.source}`)),
      ]);
    }
    // A provider's token is the provider's: only placeholders and repeats are refused there.
    expect(startProblems({ ...productionEnv(), SMS_GATEWAY_TOKEN: 'ak_live.2f9a-77c1' })).toEqual([]);
    expect(startProblems({ ...productionEnv(), SMS_GATEWAY_TOKEN: 'zzzzzzzzzzzz' })).toEqual([
      expect.stringMatching(/^SMS_GATEWAY_TOKEN is a short piece repeated/),
    ]);
    // 2,000 keys of each documented command: none refused.
    // Random keys that hold a placeholder's word inside them (found among 3 million) are keys, not placeholders.
    for (const key of [
      'UdUMmyYimnskPFxq11qpsYt9YbkUuStY/9xv2LV/ug160wSP',
      'rpDUmmYKjuPoH0hecsuLPb3d6IAAjC0szghYoEx/XYSZto6k',
      'RI8wN8kwOFWQrzO+JNBSiwukAKMbJzm3JVfixmeYzieiqTPT',
    ]) {
      expect(startProblems({ ...productionEnv(), ALTCHA_HMAC_KEY: key }), key).toEqual([]);
    }
    // Drawn from a fixed seed, so that a run is repeatable; a refused key is named in the failure.
    for (let i = 0; i < 2000; i++) {
      const bytes = (size: number, label: string) =>
        Buffer.concat([0, 1].map((part) => createHash('sha256').update(`${label}:${i}:${part}`).digest())).subarray(
          0,
          size,
        );
      const keys = {
        ALTCHA_HMAC_KEY: bytes(36, 'altcha').toString('base64'),
        PERMIT_SIGNING_KEY: bytes(32, 'permit').toString('hex'),
      };
      expect(startProblems({ ...productionEnv(), ...keys }), JSON.stringify(keys)).toEqual([]);
    }
  });

  it('refuses one secret for two purposes, naming both', () => {
    const shared = made();
    const env = { ...productionEnv(), STAFF_API_TOKEN: shared, SMS_INBOUND_TOKEN: shared };
    expect(startProblems(env)).toEqual([
      'STAFF_API_TOKEN and SMS_INBOUND_TOKEN are the same secret: each purpose needs its own (make one with openssl rand -base64 36 for each)',
    ]);
    const withProvider = { ...productionEnv(), PAYMENT_GATEWAY_TOKEN: shared, ALTCHA_HMAC_KEY: shared };
    expect(startProblems(withProvider)).toEqual([
      expect.stringMatching(/^ALTCHA_HMAC_KEY and PAYMENT_GATEWAY_TOKEN are the same secret/),
    ]);
    const inUrl = {
      ...productionEnv(),
      PERMIT_SIGNING_KEY: shared,
      DATABASE_URL: `postgres://kibali:${encodeURIComponent(shared)}@db/kibali`,
    };
    expect(startProblems(inUrl)).toEqual([
      expect.stringMatching(/^PERMIT_SIGNING_KEY and DATABASE_URL's password are the same secret/),
    ]);
    expect(startProblems(inUrl).join('\n')).not.toContain(shared);
  });

  it('refuses a placeholder password in DATABASE_URL or REDIS_URL, never echoing the URL', () => {
    const env = {
      ...productionEnv(),
      DATABASE_URL: 'postgres://kibali:CHANGE-ME@127.0.0.1:5432/kibali',
      REDIS_URL: 'redis://:changeme@127.0.0.1:6379',
    };
    expect(startProblems(env)).toEqual([
      expect.stringMatching(/^DATABASE_URL's password is a placeholder/),
      expect.stringMatching(/^REDIS_URL's password is a placeholder/),
    ]);
    expect(
      startProblems({ ...env, DATABASE_URL: 'postgres://kibali@db/kibali', REDIS_URL: 'redis://127.0.0.1' }),
    ).toEqual([]);
  });
});

/** Every secret-looking value written in the repository: assigned to a secret's name, or a *TOKEN/*KEY constant. */
function writtenSecrets(): { where: string; name: string; value: string }[] {
  const files: string[] = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir))) {
      const file = path.join(dir, entry);
      if (statSync(path.join(ROOT, file)).isDirectory()) walk(file);
      else if (/\.(ts|tsx|mjs|js|md|sh|conf|service|example|json|ya?ml)$/.test(entry)) files.push(file);
    }
  };
  for (const dir of ['deploy', 'docs', 'tests', 'scripts', 'bench', 'src']) {
    if (readdirSync(ROOT).includes(dir)) walk(dir);
  }
  const names = [...SECRETS, 'TOKEN', 'STAFF_TOKEN', 'KEY'].join('|');
  // NAME=value (env files, shell lines); NAME: 'value' and const …TOKEN = 'value' (code), 'x'.repeat(40) too.
  const literal = `['"]([^'"]+)['"](?:\\.repeat\\((\\d+)\\))?`;
  const patterns = [
    new RegExp(`\\b(${SECRETS.join('|')})=([^\\s'"\`$]+)()`, 'g'),
    new RegExp(`\\b(${SECRETS.join('|')})\\s*:\\s*${literal}`, 'g'),
    new RegExp(`\\bconst (\\w*(?:${names}))\\s*=\\s*${literal}`, 'g'),
  ];
  const found: { where: string; name: string; value: string }[] = [];
  for (const file of files) {
    if (file === path.join('tests', 'server', 'production-secrets.test.ts')) continue;
    const text = read(file);
    for (const pattern of patterns) {
      for (const [, name, value, times] of text.matchAll(pattern)) {
        found.push({ where: file, name: name!, value: times ? value!.repeat(Number(times)) : value! });
      }
    }
  }
  return found;
}

describe('a value written in the repository', () => {
  it('is refused as any secret: the README, deploy/, the tests, the scripts and the development keys', () => {
    const written = writtenSecrets();
    // The scan finds what it is for (so that it cannot silently find nothing).
    expect(written.map((w) => w.value)).toEqual(
      expect.arrayContaining([DEVELOPMENT_SIGNING_KEY, 'the-scale-out-test-key-shared-by-both-processes']),
    );
    expect(written.length).toBeGreaterThan(20);
    const accepted = written.filter(({ name, value }) => {
      const as = (SECRETS as readonly string[]).includes(name) ? name : 'STAFF_API_TOKEN';
      const asKey = startProblems({ ...productionEnv(), [as]: value });
      return asKey.length === 0;
    });
    expect(accepted).toEqual([]);
  });
});

describe('deploy/.env.example', () => {
  const example = read('deploy/.env.example');
  const values = new Map(
    [...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.replaceAll('\\n', '\n')]),
  );

  it('leaves every secret empty and gives the command that makes one', () => {
    for (const name of [...SECRETS, 'PAYMENT_GATEWAY_PUBLIC_KEY']) expect(values.get(name), name).toBe('');
    expect(values.get('DATABASE_URL')).toBe('');
    expect(example).toContain(`#   ${SECRET_COMMAND}\n`);
  });

  it("with its keys made by that command and the providers' tokens, is what production starts with", () => {
    const command = /^# {3}(openssl rand .*)$/m.exec(example)![1]!.split(' ');
    expect(command.join(' ')).toBe(SECRET_COMMAND);
    const run = () => execFileSync(command[0]!, command.slice(1), { encoding: 'utf8' }).trim();
    const env = Object.fromEntries(values);
    for (const name of MADE_KEYS) env[name] = run();
    for (const name of PROVIDER_TOKENS) env[name] = randomBytes(24).toString('hex');
    env.PAYMENT_GATEWAY_PUBLIC_KEY = gatewayKey();
    expect(startProblems(env)).toEqual([]);
    // As it comes, it does not start (the secrets are empty: production needs its keys).
    expect(startProblems(Object.fromEntries(values))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^PAYMENT_GATEWAY_PUBLIC_KEY is required/)]),
    );
  });
});

describe('the server process in production', () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(stopServer));
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-secrets-'));
    dirs.push(dataDir);
    await copySeededDataDir(dataDir);
    const server = await startServer('production', {
      DEV_TOOLS: '0',
      DATABASE_URL: '',
      REDIS_URL: '',
      UPLOAD_DIR: '',
      LOG_LEVEL: 'info',
      ...env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
    });
    servers.push(server);
    return server;
  }
  /** Its exit code, or 'serving' once it says so (the refusal this file is about did not happen). */
  async function outcome(server: ServerProcess): Promise<number | 'serving' | null> {
    await expect
      .poll(() => server.child.exitCode !== null || server.output().includes('Kibali is serving'), { timeout: 40_000 })
      .toBe(true);
    return server.child.exitCode ?? 'serving';
  }

  it('exits 1 naming each placeholder, development key and shared secret, and never prints one', async () => {
    const shared = made();
    const env = {
      ...productionEnv(),
      ALTCHA_HMAC_KEY: 'CHANGE-ME-to-48-random-characters-from-openssl-rand',
      PERMIT_SIGNING_KEY: DEVELOPMENT_SIGNING_KEY,
      STAFF_API_TOKEN: shared,
      SMS_INBOUND_TOKEN: shared,
    };
    const server = await start(env);
    expect(await outcome(server)).toBe(1);
    const output = server.output();
    expect(output).toContain("ALTCHA_HMAC_KEY is the example file's placeholder");
    expect(output).toContain('PERMIT_SIGNING_KEY is the development permit key');
    expect(output).toContain('STAFF_API_TOKEN and SMS_INBOUND_TOKEN are the same secret');
    expect(output).not.toContain('Kibali is serving');
    for (const value of [env.ALTCHA_HMAC_KEY, DEVELOPMENT_SIGNING_KEY, shared]) expect(output).not.toContain(value);
  });

  it('starts with deploy/.env.example, its keys made by the documented command', async () => {
    const env = Object.fromEntries(
      [...read('deploy/.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]),
    );
    for (const name of MADE_KEYS) env[name] = made();
    for (const name of PROVIDER_TOKENS) env[name] = randomBytes(24).toString('hex');
    env.PAYMENT_GATEWAY_PUBLIC_KEY = gatewayKey().replaceAll('\n', '\\n');
    // This machine's paths and port instead of /var/lib/kibali and 8080.
    for (const name of ['PORT', 'HOST', 'DATA_DIR', 'UPLOAD_DIR', 'STATIC_DIR', 'REDIS_URL']) delete env[name];
    const server = await start(env);
    await waitUntilReady(server);
    expect(server.output()).toContain('Kibali is serving');
    expect(server.output()).toContain('(production, listening on 127.0.0.1)');
  });
});
