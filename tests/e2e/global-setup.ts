import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

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
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote on stdout and stderr, shown when it fails. */
  output: () => string;
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

async function startServer(name: string, dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
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
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = { url: `http://127.0.0.1:${port}`, child, output: () => output };
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
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Starts the real server (and a second one in maintenance mode) on the built client, for the browser tests. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`${path.relative(root, staticDir)}/index.html is missing: run npm run build first`);
  }
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'kibali-e2e-'));
  // The back office is on for the portal only, with a token made for this run (at least 32 characters).
  const staffToken = randomBytes(24).toString('hex');
  const servers: RunningServer[] = [];
  const teardown = async () => {
    await Promise.all(servers.map(stopServer));
    await rm(tempDir, { recursive: true, force: true });
  };
  // Each server has its own data directory: PGlite locks it against a second process.
  const started = await Promise.allSettled([
    // Development tools on: the browser tests read the SMS codes from /api/dev/outbox.
    startServer('portal', path.join(tempDir, 'portal'), { DEV_TOOLS: '1', STAFF_API_TOKEN: staffToken }),
    startServer('maintenance', path.join(tempDir, 'maintenance'), { MAINTENANCE_MODE: '1' }),
  ]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  const [portal, maintenance] = servers as [RunningServer, RunningServer];
  project.provide('baseUrl', portal.url);
  project.provide('maintenanceUrl', maintenance.url);
  project.provide('staffToken', staffToken);
  return teardown;
}
