import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledScript } from '../support/bundled-script';
import { copySeededDataDir } from '../support/pglite-template';

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(port: number, dataDir: string): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [await bundledScript('src/server/main.ts')], { env, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** A first start migrates and seeds a new PGlite directory: on a loaded machine, most of a minute. */
async function waitUntilReady(url: string, server: Server, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The server exited: ${server.output()}`);
    const status = await fetch(url).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not ready in time: ${server.output()}`);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);
}

describe('the server process', () => {
  let dataDir: string;
  let port: number;
  let server: Server;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-server-'));
    await copySeededDataDir(dataDir);
    port = await freePort();
    server = await startServer(port, dataDir);
    await waitUntilReady(`http://127.0.0.1:${port}/readyz`, server);
  }, 120_000);

  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the API and says where', async () => {
    expect(server.output()).toContain(`Kibali is serving http://localhost:${port}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/engineer/get_engineers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, page_size: 10 }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { response: { code: number; data: { total: number } } };
    expect(body.response.code).toBe(200);
    expect(body.response.data.total).toBeGreaterThanOrEqual(150);
    expect(existsSync(path.join(dataDir, 'kibali.lock'))).toBe(true);
  }, 15_000);

  it('refuses a second server on the same data directory', async () => {
    const second = await startServer(await freePort(), dataDir);
    expect(await withTimeout(second.exited, 25_000)).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Kibali server`);
    expect(existsSync(path.join(dataDir, 'kibali.lock'))).toBe(true);
  }, 30_000);

  // Last: it stops the server.
  it('exits with 0 within 10 s of SIGTERM and releases the lock', async () => {
    server.child.kill('SIGTERM');
    expect(await withTimeout(server.exited, 10_000)).toBe(0);
    expect(existsSync(path.join(dataDir, 'kibali.lock'))).toBe(false);
  }, 15_000);
});
