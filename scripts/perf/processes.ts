// Server processes of the API load runs: Kibali on PGlite or PostgreSQL, and the bare Fastify ceiling.
// Each in its own process, Kibali as `npm run serve` starts it (the built server, dist/server/main.js,
// so the bench builds first), stopped with SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { serverNodeFlags } from '../server-flags';
import { freePort, root, sleep, waitUntilReady } from './common';

export interface Memory {
  /** Resident set size now, MiB. */
  rss_mb: number;
  /** The largest resident set size so far (VmHWM), MiB. */
  peak_rss_mb: number;
}

/** The process's resident memory, from /proc (Linux); `ps` elsewhere. */
export function memoryOf(pid: number): Memory {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss_mb: kib('VmRSS') / 1024, peak_rss_mb: kib('VmHWM') / 1024 };
  } catch {
    throw new Error(`no /proc/${pid}/status: the bench reads memory on Linux only`);
  }
}

export interface ServerProcess {
  url: string;
  pid: number;
  memory(): Memory;
  stop(): Promise<void>;
}

/** BENCH_CPU_PROF=<dir>: the Kibali servers write a CPU profile there when they stop (node --cpu-prof). */
const cpuProfile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
/** BENCH_NODE_FLAGS='--max-semi-space-size=4 …': Node flags for the Kibali servers beside those of `npm run serve`, to try their effect (a later flag wins). */
const extraFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

function serve(args: string[], env: NodeJS.ProcessEnv, flags: string[] = []): ChildProcess {
  return spawn(process.execPath, [...flags, ...args], {
    cwd: root,
    env,
    // The log goes nowhere (as to a log collector, it is still written); errors kept for a failed start.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function started(child: ChildProcess, url: string, readyPath: string, what: string): Promise<ServerProcess> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 20_000) stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilReady(`${url}${readyPath}`, 60_000, () => child.exitCode === null);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${what} did not start: ${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return {
    url,
    pid: child.pid!,
    memory: () => memoryOf(child.pid!),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** The bare server; its /bare_splash answers the bytes the bench writes to `splashFile` (bare-server.ts). */
export async function startBare(splashFile: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = serve(['--import', 'tsx', 'scripts/perf/bare-server.ts'], {
    PATH: process.env.PATH,
    PORT: String(port),
    BARE_SPLASH_FILE: splashFile,
  });
  return started(child, `http://127.0.0.1:${port}`, '/healthz', 'the bare Fastify server');
}

export interface KibaliOptions {
  /** PGlite under this directory, unless `databaseUrl`. */
  dataDir: string;
  databaseUrl?: string;
  smsGatewayUrl: string;
  logLevel: string;
  /** The forms the first start publishes (FORMS_DIR), else schemas/. */
  formsDir?: string;
  /** More settings (STAFF_API_TOKEN…). */
  env?: Record<string, string>;
}

/**
 * Kibali as an operator would run it, but with NODE_ENV=test: development tools on and the per-client rate limits multiplied (every load client is 127.0.0.1), both refused
 * in production. SMS go to the bench's fake gateway, over HTTP as in production.
 */
export async function startKibali(options: KibaliOptions): Promise<ServerProcess> {
  const port = await freePort();
  const child = serve(
    ['dist/server/main.js'],
    {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.formsDir ? { FORMS_DIR: options.formsDir } : {}),
      LOG_LEVEL: options.logLevel,
      DEV_TOOLS: '1',
      RATE_LIMIT_FACTOR: '1000',
      SMS_GATEWAY_URL: options.smsGatewayUrl,
      MAINTENANCE_MODE: '0',
      ...options.env,
      // MALLOC_ARENA_MAX=1 or 2 (glibc), passed on to try its effect on the servers' memory.
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
    },
    [...serverNodeFlags(), ...cpuProfile, ...extraFlags],
  );
  return started(child, `http://127.0.0.1:${port}`, '/readyz', 'Kibali');
}

/** A throwaway PostgreSQL database for one run, dropped by the returned function. */
export async function createPostgresDatabase(adminUrl: string, name: string) {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
