import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { serverNodeFlags } from '../../scripts/server-flags';
import { openDatabase } from '../../src/server/db/database';
import { DemoIdentityRegistry } from '../../src/server/identity/identity-registry';
import { copySeededDataDir } from '../support/pglite-template';
import { codesIn, scanLogFiles } from './log-secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** A second real server started with MAINTENANCE_MODE=1. */
    maintenanceUrl: string;
    /** The portal's back-office bearer token (STAFF_API_TOKEN), for /api/staff/* calls. */
    staffToken: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
const staticDir = path.join(root, 'dist/client');
const serverScript = path.join(root, 'dist/server/main.js');
/** Where the servers' logs are kept when the scan at the end of the run finds something in them. */
const keptLogsDir = path.join(root, 'test-results', 'e2e-server-logs');
/** A loaded machine (several test runs at once) may take longer: E2E_READY_TIMEOUT_MS. */
const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS) || 60_000;
const STOP_TIMEOUT_MS = 10_000;

interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote on stdout and stderr, shown when it fails. */
  output: () => string;
  /** The same, in <the run's temporary folder>/<name>.log (scanned once the server has stopped). */
  logFile: string;
  log: WriteStream;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(server: RunningServer, name: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`The ${name} server exited before it was ready:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The ${name} server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${server.output()}`);
}

async function startServer(
  name: string,
  dataDir: string,
  logsDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  // The built server, as production runs it (npm run build, before the browser tests).
  const child = spawn(process.execPath, [...serverNodeFlags(), serverScript], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // Production's level: every request is logged, so that the scan at the end sees what an operator would.
      LOG_LEVEL: 'info',
      STATIC_DIR: staticDir,
      MAINTENANCE_MODE: '0',
      DEV_TOOLS: '0',
      RATE_LIMIT_FACTOR: '100',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const logFile = path.join(logsDir, `${name}.log`);
  const log = createWriteStream(logFile);
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server = { url: `http://127.0.0.1:${port}`, child, output: () => output, logFile, log };
  try {
    await waitUntilReady(server, name);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return server;
}

async function stopServer(server: RunningServer): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  await new Promise<void>((resolve) => server.log.end(resolve));
}

/** The codes the portal sent during the run, from its SMS outbox (the server has stopped: its database is free). */
async function sentCodes(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return codesIn((await database.db.selectFrom('sms_outbox').select('message').execute()).map((r) => r.message));
  } finally {
    await database.close();
  }
}

/**
 * The logs of the whole run hold no ID number, phone number, one-time code or token. A failed check
 * prints each offending line (masked) and fails the run: vitest reports an error thrown here without
 * failing, so the exit code is set.
 */
async function checkLogs(servers: RunningServer[], portalDataDir: string, staffToken: string): Promise<void> {
  const found = scanLogFiles(
    servers.map((s) => s.logFile),
    {
      idNumbers: DemoIdentityRegistry.PEOPLE.map((p) => p.zan_id),
      codes: await sentCodes(portalDataDir),
      tokens: [staffToken],
    },
  );
  if (found.length === 0) {
    console.log(`The end-to-end servers' logs hold no ID number, phone number, one-time code or token.`);
    return;
  }
  await mkdir(keptLogsDir, { recursive: true });
  for (const { logFile } of servers) await copyFile(logFile, path.join(keptLogsDir, path.basename(logFile)));
  const title = `The end-to-end servers' logs (kept in ${keptLogsDir}) hold personal data or secrets:`;
  console.error([title, ...found.map((l) => `  ${l}`)].join('\n'));
  process.exitCode = 1;
}

/** Starts the real server (and a second one in maintenance mode) on the built client, for the browser tests. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const built of [path.join(staticDir, 'index.html'), serverScript]) {
    if (!existsSync(built)) throw new Error(`${path.relative(root, built)} is missing: run npm run build first`);
  }
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'kibali-e2e-'));
  // The back office is on for the portal only, with a token made for this run (at least 32 characters).
  const staffToken = randomBytes(24).toString('hex');
  const servers: RunningServer[] = [];
  const teardown = async (check = true) => {
    await Promise.all(servers.map(stopServer));
    try {
      if (check && servers.length > 0) await checkLogs(servers, path.join(tempDir, 'portal'), staffToken);
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  };
  // Each server has its own data directory (PGlite locks it against a second process), a copy of one
  // migrated and seeded once: a new one costs each server initdb, the migrations and the seed.
  await Promise.all(['portal', 'maintenance'].map((name) => copySeededDataDir(path.join(tempDir, name))));
  const started = await Promise.allSettled([
    // Development tools on: the browser tests read the SMS codes from /api/dev/outbox.
    startServer('portal', path.join(tempDir, 'portal'), tempDir, { DEV_TOOLS: '1', STAFF_API_TOKEN: staffToken }),
    startServer('maintenance', path.join(tempDir, 'maintenance'), tempDir, { MAINTENANCE_MODE: '1' }),
  ]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown(false);
    throw failed.reason;
  }
  const [portal, maintenance] = servers as [RunningServer, RunningServer];
  project.provide('baseUrl', portal.url);
  project.provide('maintenanceUrl', maintenance.url);
  project.provide('staffToken', staffToken);
  return () => teardown();
}
