import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { demoModeWarning, loadConfig, servingProblems } from '../../src/server/config';
import { bundledScript } from '../support/bundled-script';
import { copySeededDataDir } from '../support/pglite-template';
import { ashaByPassport } from './application-fixtures';

// The server as an operator starts it (src/server/main.ts in its own process), with nothing set but
// what each test names: what it does by default is what these tests check.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

/** Settings the test run's own environment may hold (vitest sets NODE_ENV=test): none reach the server. */
const CLEARED = [
  'NODE_ENV',
  'HOST',
  'DATABASE_URL',
  'REDIS_URL',
  'SMS_GATEWAY_URL',
  'IDENTITY_REGISTRY_URL',
  'STAFF_API_TOKEN',
  'STAFF_API_TOKEN_NAME',
  'DEV_TOOLS',
  'DEMO_MODE',
  'TRUST_PROXY',
  'RATE_LIMIT_FACTOR',
  'MAINTENANCE_MODE',
  'UPLOAD_DIR',
];

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

const servers: Server[] = [];
const dataDirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-defaults-'));
  dataDirs.push(dataDir);
  // A copy of a migrated and seeded database: what is checked here comes after the first start's setup.
  await copySeededDataDir(dataDir);
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CLEARED) delete childEnv[name];
  Object.assign(
    childEnv,
    { PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: '/nonexistent', LOG_LEVEL: 'info' },
    env,
  );
  const child = spawn(process.execPath, [await bundledScript('src/server/main.ts')], { env: childEnv, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, output: () => output, exited };
  servers.push(server);
  return server;
}

async function ready(server: Server): Promise<void> {
  await expect
    .poll(
      async () => {
        if (server.child.exitCode !== null) throw new Error(`The server exited: ${server.output()}`);
        return fetch(`http://127.0.0.1:${server.port}/readyz`).then(
          (res) => res.status,
          () => 0,
        );
      },
      { timeout: 40_000, interval: 200 },
    )
    .toBe(200);
}

async function post<T>(server: Server, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { response: { data: T } } };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
});
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the defaults', () => {
  it('are production, listening on 127.0.0.1 only', () => {
    expect(loadConfig({})).toMatchObject({ NODE_ENV: 'production', HOST: '127.0.0.1', DEMO_MODE: false });
  });

  it('in production, name the outbox and the demo registry as problems unless DEMO_MODE=1, which is warned of', () => {
    expect(servingProblems(loadConfig({}))).toEqual([
      expect.stringMatching(/^SMS_GATEWAY_URL is required when NODE_ENV=production/),
      expect.stringMatching(/^IDENTITY_REGISTRY_URL is required when NODE_ENV=production/),
      expect.stringMatching(/^ALTCHA_HMAC_KEY is required when NODE_ENV=production/),
      expect.stringMatching(/^PERMIT_SIGNING_KEY is required when NODE_ENV=production/),
      expect.stringMatching(/^PUBLIC_URL is required when NODE_ENV=production/),
      expect.stringMatching(/^PAYMENT_PROVIDER=gepg is required when NODE_ENV=production/),
    ]);
    const real = {
      SMS_GATEWAY_URL: 'https://sms.example.tz/send',
      IDENTITY_REGISTRY_URL: 'https://zanid.example.tz',
      ALTCHA_HMAC_KEY: randomBytes(36).toString('base64'),
      PERMIT_SIGNING_KEY: randomBytes(36).toString('base64'),
      PUBLIC_URL: 'https://kibali.example.tz',
      PAYMENT_PROVIDER: 'gepg',
      PAYMENT_GATEWAY_URL: 'https://gepg.example.tz/api',
      PAYMENT_GATEWAY_PUBLIC_KEY: generateKeyPairSync('ed25519')
        .publicKey.export({ type: 'spki', format: 'pem' })
        .toString(),
    };
    expect(servingProblems(loadConfig(real))).toEqual([]);
    expect(demoModeWarning(loadConfig(real))).toBeUndefined();
    const demo = loadConfig({ DEMO_MODE: '1' });
    expect(servingProblems(demo)).toEqual([]);
    expect(demoModeWarning(demo)).toMatch(/^DEMO_MODE=1: THIS IS A DEMONSTRATION/);
    expect(servingProblems(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
    expect(demoModeWarning(loadConfig({ NODE_ENV: 'development', DEMO_MODE: '1' }))).toBeUndefined();
  });
});

describe('a server started with nothing set', () => {
  it('refuses to start (production) with the SMS outbox and the demo ZanID registry, and says why', async () => {
    const server = await startServer({});
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SMS_GATEWAY_URL is required when NODE_ENV=production');
    expect(server.output()).toContain('IDENTITY_REGISTRY_URL is required when NODE_ENV=production');
    expect(server.output()).not.toContain('Kibali is serving');

    const onlyGateway = await startServer({ SMS_GATEWAY_URL: 'https://sms.example.tz/send' });
    expect(await onlyGateway.exited).toBe(1);
    expect(onlyGateway.output()).not.toContain('SMS_GATEWAY_URL is required');
    expect(onlyGateway.output()).toContain('IDENTITY_REGISTRY_URL is required when NODE_ENV=production');
  });

  it('with DEMO_MODE=1 starts, says so loudly, listens on 127.0.0.1 only, and warns once of forwarded headers', async () => {
    const server = await startServer({ DEMO_MODE: '1' });
    await ready(server);
    await expect.poll(() => server.output()).toContain('Kibali is serving');
    expect(server.output()).toContain('(production, listening on 127.0.0.1)');
    const demoLine = server
      .output()
      .split('\n')
      .find((line) => line.includes('DEMO_MODE=1'));
    expect(JSON.parse(demoLine!)).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/^!!! DEMO_MODE=1: THIS IS A DEMONSTRATION/),
    });
    expect(demoLine).toContain('SMS are NOT sent');
    expect(demoLine).toContain('DEMO registry');

    // Not reachable on this machine's other addresses (when it has any).
    const other = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (other) {
      const refused = await fetch(`http://${other.address}:${server.port}/healthz`).then(
        () => false,
        () => true,
      );
      expect(refused).toBe(true);
    }

    // A reverse proxy in front, TRUST_PROXY forgotten: told once, not on every request.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${server.port}/healthz`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-forwarded-proto': 'https' },
      });
      expect(res.status).toBe(200);
    }
    const completed = () =>
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('"url":"/healthz"')).length;
    await expect.poll(completed).toBe(3);
    const warnings = server
      .output()
      .split('\n')
      .filter((line) => line.includes('TRUST_PROXY is off'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, header: 'x-forwarded-for' });
    expect(warnings[0]).not.toContain('203.0.113');
  });
});

describe('a development server', () => {
  it('never writes an SMS code to its log', async () => {
    const server = await startServer({ NODE_ENV: 'development', DEV_TOOLS: '1' });
    await ready(server);
    const saved = await post<{ reference_number: string }>(server, '/api/application/save_and_continue', {
      application_type: 'repair',
      step_number: 1,
      data: ashaByPassport({ passport_number: 'AB1234567' }),
    });
    expect(saved.status).toBe(200);
    const reference_number = saved.body.response.data.reference_number;
    expect((await post(server, '/api/application/continue_application', { reference_number })).status).toBe(200);
    const outbox = await post<{ message: string }[]>(server, '/api/dev/outbox', {});
    const message = outbox.body.response.data[0]!.message;
    const code = /(?<![0-9A-Za-z-])(\d{6})(?![0-9A-Za-z-])/.exec(message)![1]!;

    // The SMS is noted in the log (masked phone, purpose), and the request lines are all there.
    await expect.poll(() => server.output()).toContain('SMS kept in the outbox');
    await expect.poll(() => server.output()).toContain('"url":"/api/dev/outbox"');
    const log = server.output();
    expect(log).toMatch(/"to":"[^"]*•••••456"/);
    expect(log).not.toContain(message);
    expect(log).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`));
  });
});
