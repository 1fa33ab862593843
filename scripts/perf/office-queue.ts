// The officers' work queue (issue 33): 10,000 submitted applications on PostgreSQL, then the queue's
// first page as the workspace asks for it (list_applications, pages of 25, the oldest first) and its
// searches, each asked ROUNDS times in turn on a quiet server; and the workspace's own bytes (its pages'
// files beside the staff app's first ones, gzip). Goal: the first page in ≤ 300 ms (median, round trip
// on the machine itself: the server's time).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import path from 'node:path';
import { QUICK, root, summarize, type LatencySummary } from './common';
import { timedFetch } from './hostile-body';
import { seedSubmitted } from './load-data';
import { createPostgresDatabase, startKibali } from './processes';
import type { Goal } from './report';
import { startSmsGateway } from './sms-gateway';

const APPLICATIONS = QUICK ? 1_000 : 10_000;
const ROUNDS = QUICK ? 5 : 30;
const TOKEN = 'bench-office-queue-token-0123456789abcdef';
export const QUEUE_GOAL_MS = 300;

export interface OfficeQueueResult {
  applications: number;
  rounds: number;
  queries: { what: string; ms: LatencySummary }[];
  bytes: { queue_gzip: number; application_gzip: number };
}

/** A built file's gzip size (the build writes each .gz beside it). */
const gzipOf = (file: string) => statSync(`${file}.gz`).size;

/** The files a built file imports, and theirs (static imports only: what loads with it). */
function closure(dir: string, start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = readFileSync(path.join(dir, start), 'utf8');
  for (const match of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) closure(dir, match[1]!, seen);
  return seen;
}

/** The workspace page's own bytes: its file and what it imports, less what the staff app's first file loads. */
function pageBytes(page: string): number {
  const dir = path.join(root, 'dist/client/assets/studio');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  const html = readFileSync(path.join(root, 'dist/client/studio.html'), 'utf8');
  const entry = /src="\/assets\/studio\/([^"]+\.js)"/.exec(html)?.[1];
  const file = files.find((f) => f.startsWith(`${page}-`));
  if (!entry || !file) throw new Error(`no built ${page} or staff app entry in ${dir}: run npm run build`);
  const shell = closure(dir, entry);
  return [...closure(dir, file)].filter((f) => !shell.has(f)).reduce((sum, f) => sum + gzipOf(path.join(dir, f)), 0);
}

export async function officeQueueRun(): Promise<OfficeQueueResult> {
  const postgres = await createPostgresDatabase(
    process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    `kibali_bench_office_${process.pid}`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-bench-office-'));
  const sms = await startSmsGateway();
  try {
    const seeded = await seedSubmitted({ DATA_DIR: dataDir, DATABASE_URL: postgres.url }, APPLICATIONS);
    // At their stage since they were submitted (1 to 60 days ago): many are over the standard of 3 working days.
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    await client.query('update application set stage_since = submitted_at');
    await client.query('analyze application');
    await client.end();
    const server = await startKibali({
      dataDir,
      databaseUrl: postgres.url,
      smsGatewayUrl: sms.url,
      logLevel: 'warn',
      env: { STAFF_API_TOKEN: TOKEN },
    });
    try {
      const someone = seeded[Math.floor(seeded.length / 2)]!;
      const asks: [string, unknown][] = [
        ['first page of the submitted stage', { status: 'submitted', page: 1, page_size: 25 }],
        [
          'last page of the submitted stage',
          { status: 'submitted', page: Math.ceil(APPLICATIONS / 25), page_size: 25 },
        ],
        ['over their standard', { overdue: true, page: 1, page_size: 25 }],
        [
          'search by phone (+255 and spaces)',
          { search: `+255 ${someone.phone.slice(1, 4)} ${someone.phone.slice(4)}`, page_size: 25 },
        ],
        ['search by name', { search: 'Juma', page_size: 25 }],
        ['search by reference number', { search: someone.reference_number, page_size: 25 }],
      ];
      const times = asks.map(() => [] as number[]);
      for (let round = 0; round < ROUNDS; round += 1)
        for (const [i, [what, body]] of asks.entries()) {
          const res = await timedFetch(`${server.url}/api/staff/list_applications`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
            body: JSON.stringify(body),
          });
          if (res.status !== 200) throw new Error(`${what}: ${res.status}`);
          // The first round warms the server (its code, the database's caches): not counted.
          if (round > 0) times[i]!.push(res.ms);
        }
      return {
        applications: APPLICATIONS,
        rounds: ROUNDS - 1,
        queries: asks.map(([what], i) => ({ what, ms: summarize(times[i]!) })),
        bytes: { queue_gzip: pageBytes('QueuePage'), application_gzip: pageBytes('ApplicationPage') },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await sms.close();
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function officeQueueGoal(result: OfficeQueueResult): Goal {
  const first = result.queries[0]!.ms.p50;
  return {
    what: `Work queue, first page of ${result.applications.toLocaleString('en')} applications (PostgreSQL), median`,
    goal: `≤ ${QUEUE_GOAL_MS} ms`,
    result: `${first.toFixed(1)} ms`,
    met: first <= QUEUE_GOAL_MS,
  };
}

export function officeQueueLines(result: OfficeQueueResult): string[] {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    `## The officers' work queue (${result.applications.toLocaleString('en')} applications on PostgreSQL)`,
    '',
    `Each asked ${result.rounds} times in turn, after one round to warm up; round trip on the machine itself.`,
    '',
    '| query | p50 | p90 | max |',
    '|---|---|---|---|',
    ...result.queries.map(
      (q) => `| ${q.what} | ${q.ms.p50.toFixed(1)} ms | ${q.ms.p90.toFixed(1)} ms | ${q.ms.max.toFixed(1)} ms |`,
    ),
    '',
    `The workspace's own JavaScript beside the staff app's first files (gzip): the queue ${kib(result.bytes.queue_gzip)}, an application's page ${kib(result.bytes.application_gzip)}.`,
  ];
}
