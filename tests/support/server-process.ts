import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { bundledScript } from './bundled-script';

/** Real server processes for the tests that need several (scale-out, behind nginx): started, awaited, stopped. */

const root = path.resolve(import.meta.dirname, '../..');
export const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ServerProcess {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
}

export function freePort(): Promise<number> {
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

/**
 * Starts `entry` (the server, src/server/main.ts, or the job runner, src/server/jobs-main.ts) from its
 * bundle, on a free port, with every setting that matters named, whatever the test run's environment holds.
 */
export async function startServer(
  name: string,
  env: Record<string, string>,
  entry = 'src/server/main.ts',
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [await bundledScript(entry)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      STATIC_DIR: '/nonexistent',
      TRUST_PROXY: '1',
      DEV_TOOLS: '1',
      ALTCHA_HMAC_KEY: 'the-scale-out-test-key-shared-by-both-processes',
      RATE_LIMIT_FACTOR: '1',
      MAINTENANCE_MODE: '0',
      SMS_GATEWAY_URL: '',
      IDENTITY_REGISTRY_URL: '',
      STAFF_API_TOKEN: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { name, url: `http://127.0.0.1:${port}`, port, child, output: () => output };
}

/** Waits until the process answers /readyz with 200 (it exits or takes too long: the error shows its output). */
export async function waitUntilReady(server: ServerProcess): Promise<void> {
  await waitFor(server, async () => {
    const status = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status,
      () => 0,
    );
    return status === 200;
  });
}

/** Waits until `ready()` holds, failing early when the process exits. */
export async function waitFor(server: ServerProcess, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`${server.name} exited before it was ready:\n${server.output()}`);
    }
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server.name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${server.output()}`);
}

export async function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
