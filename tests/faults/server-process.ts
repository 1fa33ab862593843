import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { serverNodeFlags } from '../../scripts/server-flags';

/** The real server in a process of its own, as `npm run serve` starts it, for tests that kill, stop and starve it. */

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The server's promise: ready within 10 s of being started, and out within 10 s of SIGTERM. */
export const READY_WITHIN_MS = 10_000;
export const EXIT_WITHIN_MS = 10_000;

export interface Envelope<D = Record<string, unknown>> {
  response: { code: number; message: string; data: D };
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** When it was spawned (performance.now()). */
  spawnedAt: number;
  /** The exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote on stdout and stderr. */
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /** PGlite's directory (also where uploads go). */
  dataDir: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
  /** A command line run before node, e.g. ['prlimit', '--fsize=…'] (it must exec what follows it). */
  wrapper?: string[];
}

const running = new Set<ServerProcess>();

/** Spawns the built server as `npm run serve` does (after npm run build) with the test's environment; it is not ready yet. */
export async function spawnServer(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    UPLOAD_DIR: '',
    DATABASE_URL: options.databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    STATIC_DIR: '/nonexistent',
    MAINTENANCE_MODE: '0',
    DEV_TOOLS: '0',
    REDIS_URL: '',
    SMS_GATEWAY_URL: '',
    IDENTITY_REGISTRY_URL: '',
    // Every call of these tests comes from 127.0.0.1: the per-client limits (new drafts: 30 an hour) are raised.
    RATE_LIMIT_FACTOR: '1000',
    ...options.env,
  };
  const command = [
    ...(options.wrapper ?? []),
    process.execPath,
    ...serverNodeFlags(),
    path.join(ROOT, 'dist/server/main.js'),
  ];
  const spawnedAt = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    spawnedAt,
    exited,
    output: () => output,
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/** The CPU time (user + system, ms) the process has used so far, from /proc (Linux); undefined elsewhere. */
export function cpuMs(server: ServerProcess): number | undefined {
  try {
    const stat = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export const isRunning = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

/** Polls /readyz until it answers 200; answers the time from spawn to ready (ms). */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 30_000): Promise<number> {
  const deadline = server.spawnedAt + timeoutMs;
  while (performance.now() < deadline) {
    if (!isRunning(server)) throw new Error(`The server exited before it was ready:\n${server.output()}`);
    const res = await request(server.url, 'GET', '/readyz', undefined, { timeoutMs: 2000 });
    if (res.status === 200) return performance.now() - server.spawnedAt;
    await pause(50);
  }
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s:\n${server.output()}`);
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const server = await spawnServer(options);
  try {
    await waitUntilReady(server);
  } catch (error) {
    await kill(server);
    throw error;
  }
  return server;
}

/** kill -9: the process ends at once, whatever it was doing. */
export async function kill(server: ServerProcess): Promise<void> {
  if (isRunning(server)) server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM, and SIGKILL if it is not out after `EXIT_WITHIN_MS`. */
export async function stop(server: ServerProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (isRunning(server)) server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), EXIT_WITHIN_MS + 2000);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** For afterAll/afterEach: no server of these tests outlives them, whatever happened. */
export async function killAll(): Promise<void> {
  await Promise.all([...running].map(kill));
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Answer<D = Record<string, unknown>> {
  /** The HTTP status; 0 when no whole answer came (refused, reset, timed out). */
  status: number;
  body: Envelope<D> | undefined;
  /** Why no answer came, e.g. ECONNRESET. */
  error?: string;
  /** From sending to the whole answer (ms). */
  ms: number;
  headers: http.IncomingHttpHeaders;
}

export interface RequestOptions {
  agent?: http.Agent;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/**
 * The draft cookies of every draft these tests made (the proof a draft's saves need), by name: a call
 * naming a draft by its reference number carries that draft's cookie, as the browser that made it would.
 */
const draftCookies = new Map<string, string>();
const DRAFT_COOKIE = /^(kibali_draft_[2-9A-Z]{10})=([^;]*)/;

function keepDraftCookies(setCookie: string[] | undefined): void {
  for (const line of setCookie ?? []) {
    const match = DRAFT_COOKIE.exec(line);
    if (match) draftCookies.set(match[1]!, match[2]!);
  }
}

/** Whether these tests hold the draft cookie of a draft (its creating answer arrived). */
export function hasDraftCookie(reference: string): boolean {
  return draftCookies.has(`kibali_draft_${reference.toUpperCase().replace(/[\s-]/g, '')}`);
}

export function draftCookieFor(body: unknown): Record<string, string> {
  const reference = (body as { reference_number?: unknown } | undefined)?.reference_number;
  if (typeof reference !== 'string') return {};
  const name = `kibali_draft_${reference.toUpperCase().replace(/[\s-]/g, '')}`;
  const secret = draftCookies.get(name);
  return secret ? { cookie: `${name}=${secret}` } : {};
}

/** One request with a JSON body over real HTTP; never throws: a failure is status 0 with its error code. */
export function request<D = Record<string, unknown>>(
  base: string,
  method: 'GET' | 'POST',
  pathname: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Answer<D>> {
  const started = performance.now();
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<Answer<D>, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, ms: performance.now() - started });
    };
    const req = http.request(
      `${base}${pathname}`,
      {
        method,
        agent: options.agent ?? false,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...draftCookieFor(body),
          ...options.headers,
        },
      },
      (res) => {
        keepDraftCookies(res.headers['set-cookie']);
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error: NodeJS.ErrnoException) =>
          done({ status: 0, body: undefined, error: error.code ?? error.message, headers: {} }),
        );
        res.on('aborted', () => done({ status: 0, body: undefined, error: 'aborted', headers: {} }));
        res.on('end', () => {
          if (!res.complete) return done({ status: 0, body: undefined, error: 'incomplete', headers: {} });
          const text = Buffer.concat(chunks).toString();
          let parsed: Envelope<D> | undefined;
          try {
            parsed = text === '' ? undefined : (JSON.parse(text) as Envelope<D>);
          } catch {
            parsed = undefined;
          }
          done({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      done({ status: 0, body: undefined, error: error.code ?? error.message, headers: {} }),
    );
    if (options.timeoutMs) {
      req.setTimeout(options.timeoutMs, () => {
        req.destroy();
        done({ status: 0, body: undefined, error: 'timeout', headers: {} });
      });
    }
    req.end(payload);
  });
}

export const post = <D = Record<string, unknown>>(
  base: string,
  pathname: string,
  body: unknown,
  options?: RequestOptions,
) => request<D>(base, 'POST', pathname, body, options);
