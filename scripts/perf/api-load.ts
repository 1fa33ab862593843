// The API under load: autocannon on loopback against Kibali in its own process, on PGlite and on
// PostgreSQL, beside a bare Fastify route measured in the same run; then the realistic profile; the
// server's memory idle and after the load.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Splash } from '../../src/shared/reference-data';
import { applicants, type ApplicantsResult } from './applicants';
import { hostileBodyRun, type HostileBodyResult } from './hostile-body';
import { load, type LoadResult, type Step } from './cannon';
import { QUICK, sleep } from './common';
import {
  call,
  draftCookie,
  saveBody,
  seedSubmitted,
  STEPS,
  type Confirmed,
  type SubmittedApplication,
} from './load-data';
import { createPostgresDatabase, startBare, startKibali, type Memory, type ServerProcess } from './processes';
import { startSmsGateway, type SmsGateway } from './sms-gateway';
import { solveCaptchaSync } from './captcha-solve';

export const LOAD = {
  connections: 50,
  duration_s: QUICK ? 3 : 10,
  warmup_s: QUICK ? 1 : 3,
  applicants: 200,
  applicants_duration_s: QUICK ? 15 : 60,
  think_ms: [1000, 3000] as [number, number],
  /** Submitted applications seeded for the sign-in run (each signs in once: one code a minute per reference). */
  sign_in_references: QUICK ? 3000 : 20000,
  log_level: process.env.BENCH_LOG_LEVEL ?? 'info',
};

/** How long after the load the server's memory is read again. */
const SETTLE_MS = 30_000;

export const SCENARIOS = [
  'bare',
  'bare_splash',
  'get_splash',
  'get_splash_304',
  'get_engineers',
  'save_and_continue',
  'sign_in',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface DatabaseRun {
  database: 'pglite' | 'postgres';
  scenarios: Partial<Record<Scenario, LoadResult>>;
  applicants?: ApplicantsResult;
  /** RSS 2 s after the start, at the end of the load runs, and SETTLE_MS after that. */
  memory: { idle: Memory; after_load: Memory; settled?: Memory };
  /** Reference numbers the sign-in run had (each used once); more sign-ins than this meet the code limit. */
  sign_in_references: number;
  /** A 100 KiB hostile body refused again and again, /healthz asked meanwhile. */
  hostile_body?: HostileBodyResult;
  /** The bytes of get_splash's answer as sent to a browser (brotli): what get_splash and bare_splash both send. */
  splash_bytes?: number;
}

export interface ApiLoadResults {
  settings: typeof LOAD;
  runs: DatabaseRun[];
}

/** A field of an answer's data, or '' when the answer is not the envelope (the sequence then restarts). */
function field(body: string, name: string): string {
  try {
    return String((JSON.parse(body) as { response: { data: Record<string, unknown> } }).response.data[name] ?? '');
  } catch {
    return '';
  }
}

const SEARCHES = ['ali', 'haji', 'omar', 'juma', 'salim', 'fatma', '0700 01', 'example.com', 'mzee', 'khamis'];

function scenarioSteps(
  scenario: Scenario,
  data: { splash: Splash; engineers: Confirmed[]; etag: string },
  signIn: { references: SubmittedApplication[]; sms: SmsGateway; next: number },
): Step[] {
  switch (scenario) {
    case 'bare':
      return [{ name: 'bare', path: '/bare', body: '{}' }];
    case 'bare_splash':
      return [{ name: 'bare_splash', path: '/bare_splash', body: '{}' }];
    case 'get_splash':
      return [{ name: 'get_splash', path: '/api/splash/get_splash', body: '{}' }];
    case 'get_splash_304':
      return [
        {
          name: 'get_splash_304',
          path: '/api/splash/get_splash',
          body: '{}',
          headers: { 'if-none-match': data.etag },
        },
      ];
    case 'get_engineers': {
      let n = 0;
      return [
        {
          name: 'get_engineers',
          path: '/api/engineer/get_engineers',
          body: () => {
            const i = n++;
            return JSON.stringify({
              search: SEARCHES[i % SEARCHES.length],
              page: 1,
              page_size: [10, 25][i % 2],
              ...(i % 5 === 0 ? { role: data.splash.engineer_roles[i % data.splash.engineer_roles.length]!.code } : {}),
            });
          },
        },
      ];
    }
    case 'save_and_continue': {
      // Each connection is an applicant saving a new application step by step, then the next one.
      let applicant = 1_000_000 * (1 + Math.floor(Math.random() * 8));
      return STEPS.map((step, i) => ({
        name: step,
        path: '/api/application/save_and_continue',
        body: (context) => {
          if (i === 0) {
            context.n = applicant++;
            context.cookie = undefined;
          } else if (!context.reference) return undefined;
          return saveBody(i, context.n as number, data.splash, data.engineers, context.reference as string);
        },
        onAnswer: (status, body, context, headers) => {
          if (i === 0) {
            context.reference = status === 200 ? field(body, 'reference_number') : '';
            context.cookie = draftCookie(headers['set-cookie']);
          } else if (status !== 200) context.reference = '';
        },
      }));
    }
    case 'sign_in': {
      // View: a captcha challenge (solved here, as the browser's widget would, at the production cost:
      // the load client pays it, not the server), the reference number and the solved challenge, then
      // the code the fake SMS gateway received. Each application signs in once. The answers the bench
      // reads come uncompressed (autocannon does not unpack them).
      const identity = { 'accept-encoding': 'identity' };
      return [
        {
          name: 'captcha/new',
          path: '/api/captcha/new',
          headers: identity,
          body: (context) => {
            context.application = signIn.references[signIn.next++ % signIn.references.length];
            return '{}';
          },
          onAnswer: (status, body, context) => {
            let challenge: string;
            try {
              challenge = JSON.stringify((JSON.parse(body) as { response: { data: unknown } }).response.data);
            } catch {
              challenge = '';
            }
            context.altcha = status === 200 && challenge ? solveCaptchaSync(challenge) : '';
          },
        },
        {
          name: 'get_application',
          path: '/api/application/get_application',
          headers: identity,
          body: (context) =>
            context.altcha
              ? JSON.stringify({
                  reference_number: (context.application as SubmittedApplication).reference_number,
                  altcha: context.altcha,
                })
              : undefined,
          onAnswer: (status, body, context) => (context.challenge = status === 200 ? field(body, 'challenge_id') : ''),
        },
        {
          name: 'verify_code',
          path: '/api/application/verify_code',
          body: (context) => {
            const code = signIn.sms.codeFor((context.application as SubmittedApplication).phone);
            return context.challenge && code ? JSON.stringify({ challenge_id: context.challenge, code }) : undefined;
          },
        },
      ];
    }
  }
}

/** The bytes of an answer as sent to a browser (Accept-Encoding as the load runs send it), not unpacked. */
function answerBytes(url: string, route: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}${route}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': 'en',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.headers['content-encoding'] === 'br'
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`${route} answered ${String(res.headers['content-encoding'])}, not br`)),
        );
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

async function runOn(
  database: 'pglite' | 'postgres',
  bare: ServerProcess,
  splashFile: string,
  log: (line: string) => void,
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-load-'));
  const postgres =
    database === 'postgres'
      ? await createPostgresDatabase(
          process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
          'kibali_bench',
        )
      : undefined;
  const sms = await startSmsGateway();
  let server: ServerProcess | undefined;
  try {
    const references = await seedSubmitted(
      { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
      LOAD.sign_in_references,
    );
    server = await startKibali({
      dataDir,
      databaseUrl: postgres?.url,
      smsGatewayUrl: sms.url,
      logLevel: LOAD.log_level,
    });
    await sleep(2000);
    const idle = server.memory();
    log(`${database}: idle RSS ${idle.rss_mb.toFixed(0)} MB`);

    const splash = await call<Splash>(server.url, '/api/splash/get_splash');
    const etag = (
      await fetch(`${server.url}/api/splash/get_splash`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: '{}',
      })
    ).headers.get('etag')!;
    // The save scenario's flow has no engineer step: a confirmation is for one draft alone.
    const engineers: Confirmed[] = [];
    // The get_splash answer as Kibali sends it to a browser (brotli), for the bare server's same-bytes route:
    // the copy kept compressed at the best ratio, which every call gets once it is made (in the thread
    // pool, after the first call of a version, which @fastify/compress compresses on the fly).
    await answerBytes(server.url, '/api/splash/get_splash');
    await sleep(500);
    const splashBytes = await answerBytes(server.url, '/api/splash/get_splash');
    writeFileSync(splashFile, splashBytes);
    const signIn = { references, sms, next: 0 };

    const scenarios: DatabaseRun['scenarios'] = {};
    const only = process.env.BENCH_SCENARIOS?.split(',');
    for (const scenario of SCENARIOS.filter((s) => !only || only.includes(s))) {
      const target = scenario.startsWith('bare') ? bare.url : server.url;
      const steps = scenarioSteps(scenario, { splash, engineers, etag }, signIn);
      await load({ url: target, connections: LOAD.connections, duration_s: LOAD.warmup_s, steps });
      scenarios[scenario] = await load({
        url: target,
        connections: LOAD.connections,
        duration_s: LOAD.duration_s,
        steps,
      });
      const r = scenarios[scenario];
      log(
        `${database} ${scenario}: ${r.requests_per_s.toFixed(0)} req/s, p50 ${r.latency_ms.p50} ms, p99 ${r.latency_ms.p99} ms, max ${r.latency_ms.max} ms, errors ${r.errors}, non-2xx ${r.non_2xx}`,
      );
      await sleep(500);
    }
    const hostile_body = await hostileBodyRun(server.url);
    log(
      `${database} hostile 100 KiB body: refused in ${hostile_body.answer_ms.median.toFixed(1)} ms (max ${hostile_body.answer_ms.max.toFixed(1)}), /healthz ${hostile_body.health_ms.during_median.toFixed(1)} ms meanwhile (max ${hostile_body.health_ms.during_max.toFixed(1)}; alone ${hostile_body.health_ms.alone_median.toFixed(1)})`,
    );
    // BENCH_APPLICANTS=0 leaves the realistic profile out (while developing).
    const profile =
      process.env.BENCH_APPLICANTS === '0'
        ? undefined
        : await applicants({
            url: server.url,
            applicants: LOAD.applicants,
            duration_s: LOAD.applicants_duration_s,
            think_ms: LOAD.think_ms,
            splash,
            engineers,
          });
    if (profile)
      log(
        `${database} applicants: ${profile.requests_per_s.toFixed(0)} req/s, p99 ${profile.latency_ms.p99.toFixed(0)} ms, errors ${JSON.stringify(profile.errors)}`,
      );
    const afterLoad = server.memory();
    // V8 gives back the heap it grew under load once the process has been idle a while (its memory
    // reducer): what a server settles at, beside what it holds the moment the load stops.
    await sleep(QUICK ? 5_000 : SETTLE_MS);
    const settled = server.memory();
    log(
      `${database}: RSS after the load ${afterLoad.rss_mb.toFixed(0)} MB (peak ${afterLoad.peak_rss_mb.toFixed(0)} MB), ${settled.rss_mb.toFixed(0)} MB ${SETTLE_MS / 1000} s later`,
    );
    return {
      database,
      scenarios,
      applicants: profile,
      memory: { idle, after_load: afterLoad, settled },
      sign_in_references: references.length,
      hostile_body,
      splash_bytes: splashBytes.length,
    } satisfies DatabaseRun;
  } finally {
    await server?.stop();
    await sms.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both databases (BENCH_DATABASES=pglite or postgres for one), the bare server beside them. */
export async function apiLoad(log: (line: string) => void = console.log): Promise<ApiLoadResults> {
  const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseRun['database'][];
  const splashFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'kibali-bare-')), 'splash.br');
  const bare = await startBare(splashFile);
  try {
    const runs: DatabaseRun[] = [];
    for (const database of databases) runs.push(await runOn(database, bare, splashFile, log));
    return { settings: LOAD, runs };
  } finally {
    await bare.stop();
    rmSync(path.dirname(splashFile), { recursive: true, force: true });
  }
}
