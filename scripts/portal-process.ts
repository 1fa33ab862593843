// The built portal in its own process on a fresh embedded database: for `npm run bench` and
// `npm run test:budgets`. Answers its URL once /readyz says ready, and a stop that waits for the exit.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './page-bytes';
import { serverNodeFlags } from './server-flags';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface Portal {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Development tools on (the SMS outbox) unless `env` says otherwise; no PostgreSQL, Redis or gateways. */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-portal-'));
  // The built server (npm run build), as production runs it (npm run serve).
  const child = spawn(process.execPath, [...serverNodeFlags(), 'dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DEV_TOOLS: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMS_GATEWAY_URL: '',
      IDENTITY_REGISTRY_URL: '',
      MAINTENANCE_MODE: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    const ready = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return { url, pid: child.pid!, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  await stop();
  throw new Error('The portal did not become ready');
}
