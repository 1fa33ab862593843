// The RESULTS.md sections of Lighthouse, the API load and memory: goals beside results, each marked.
import { serverNodeFlags } from '../server-flags';
import type { ApiLoadResults, DatabaseRun, Scenario } from './api-load';
import type { LoadResult } from './cannon';
import type { Finding, LighthouseResults, PageResult } from './lighthouse';

export interface Goal {
  what: string;
  goal: string;
  result: string;
  met: boolean;
}

const MET = '✅ met';
const MISSED = '❌ **missed**';
/** A goal's verdict, as every table of RESULTS.md writes it. */
export const mark = (met: boolean) => (met ? MET : MISSED);
const ms = (n: number) => `${n.toFixed(0)} ms`;
const rps = (n: number) => n.toFixed(0);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const DB_NAME = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

// ---- Lighthouse

export function lighthouseGoals(results: LighthouseResults): Goal[] {
  return results.pages.flatMap((p): Goal[] => {
    const goals: Goal[] = [
      {
        what: `Lighthouse ${p.page} performance`,
        goal: `≥ ${p.goal.performance}`,
        result: String(p.performance),
        met: p.performance >= p.goal.performance,
      },
      {
        what: `Lighthouse ${p.page} accessibility`,
        goal: `${p.goal.accessibility}`,
        result: String(p.accessibility),
        met: p.accessibility >= p.goal.accessibility,
      },
    ];
    if ('lcp_ms' in p.goal)
      goals.push({
        what: `Lighthouse ${p.page} LCP`,
        goal: `≤ ${ms(p.goal.lcp_ms)}`,
        result: ms(p.lcp_ms),
        met: p.lcp_ms <= p.goal.lcp_ms,
      });
    if ('tbt_ms' in p.goal)
      goals.push({
        what: `Lighthouse ${p.page} TBT`,
        goal: `≤ ${ms(p.goal.tbt_ms)}`,
        result: ms(p.tbt_ms),
        met: p.tbt_ms <= p.goal.tbt_ms,
      });
    return goals;
  });
}

const pageMet = (p: PageResult) => lighthouseGoals({ runs_per_page: 0, pages: [p] }).every((g) => g.met);

function findingLines(title: string, list: Finding[], limit: number, markUnscored = true) {
  if (list.length === 0) return [];
  const shown = list.slice(0, limit).map((f) => {
    const savings = f.savings_ms ? ` (est. ${ms(f.savings_ms)})` : '';
    const scored = f.scored || !markUnscored ? '' : ' (not scored)';
    return `  - ${f.title}${f.display ? `: ${f.display}` : ''}${savings} \`${f.id}\`${scored}`;
  });
  const more = list.length > limit ? [`  - … and ${list.length - limit} more`] : [];
  return [`- ${title}:`, ...shown, ...more];
}

export function lighthouseLines(results: LighthouseResults): string[] {
  const goalText = (p: PageResult) =>
    [
      `perf ≥ ${p.goal.performance}`,
      'lcp_ms' in p.goal ? `LCP ≤ ${p.goal.lcp_ms} ms` : '',
      'tbt_ms' in p.goal ? `TBT ≤ ${p.goal.tbt_ms} ms` : '',
      `a11y ${p.goal.accessibility}`,
    ]
      .filter(Boolean)
      .join(', ');
  const lines = [
    '## Lighthouse',
    '',
    `Lighthouse 12 (default config: mobile, simulated throttling — slow 4G, 4× CPU slowdown), Debian's Chromium, ` +
      `the production build served by the server; the median of ${results.runs_per_page} run${results.runs_per_page > 1 ? 's' : ''} by performance score. ` +
      "Simulated throttling scales the CPU time it observes: other work on the machine lowers the scores (TBT first); Lighthouse's benchmark index of the machine is shown.",
    '',
    '| page | performance (runs) | accessibility | best practices | LCP | TBT | CLS | benchmark index | goal | |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...results.pages.map(
      (p) =>
        `| ${p.page} | ${p.performance} (${p.runs.join(', ')}) | ${p.accessibility} | ${p.best_practices} | ${ms(p.lcp_ms)} | ${ms(p.tbt_ms)} | ${p.cls.toFixed(3)} | ${p.benchmark_index.toFixed(0)} | ${goalText(p)} | ${mark(pageMet(p))} |`,
    ),
  ];
  for (const p of results.pages.filter((page) => !pageMet(page))) {
    lines.push(
      '',
      `### ${p.page}: what Lighthouse finds to fix`,
      '',
      ...findingLines('Opportunities and diagnostics (by estimated savings)', p.opportunities, 8, false),
      ...findingLines('Accessibility audits failed', p.accessibility_failures, 20),
      ...findingLines('Best-practices audits failed', p.best_practices_failures, 10),
    );
  }
  return lines;
}

// ---- API load

const bareOf = (run: DatabaseRun) => run.scenarios.bare?.requests_per_s ?? 0;
/** The bare server sending get_splash's very bytes: the ceiling for an answer that size on this machine. */
const bareSplashOf = (run: DatabaseRun) => run.scenarios.bare_splash?.requests_per_s ?? 0;
const failures = (r: LoadResult, expected = ['200']) =>
  r.errors + Object.entries(r.statuses).reduce((sum, [code, n]) => sum + (expected.includes(code) ? 0 : n), 0);

/** Sign-ins completed (verify_code answered 200) per second. */
const signIns = (r: LoadResult) => (r.calls?.verify_code?.statuses['200'] ?? 0) / r.duration_s;

export function apiGoals(results: ApiLoadResults): Goal[] {
  const goals: Goal[] = [];
  for (const run of results.runs) {
    const db = DB_NAME[run.database];
    const splash = run.scenarios.get_splash;
    if (splash && run.scenarios.bare) {
      const share = splash.requests_per_s / bareOf(run);
      const sameBytes = bareSplashOf(run)
        ? `; ${((splash.requests_per_s / bareSplashOf(run)) * 100).toFixed(0)}% of the bare route sending the same bytes (${rps(bareSplashOf(run))} req/s)`
        : '';
      goals.push({
        what: `get_splash on ${db}, share of the bare route`,
        goal: '≥ 70%',
        result: `${(share * 100).toFixed(0)}% (${rps(splash.requests_per_s)} of ${rps(bareOf(run))} req/s)${sameBytes}`,
        met: share >= 0.7,
      });
    }
    const save = run.scenarios.save_and_continue;
    if (save) {
      const failed = failures(save);
      if (run.database === 'postgres') {
        goals.push({
          what: `save_and_continue on ${db}`,
          goal: '≥ 2,000 req/s, p99 ≤ 50 ms',
          result: `${rps(save.requests_per_s)} req/s, p99 ${ms(save.latency_ms.p99)}${failed ? `, ${failed} failed` : ''}`,
          met: save.requests_per_s >= 2000 && save.latency_ms.p99 <= 50 && failed === 0,
        });
      } else {
        goals.push({
          what: `save_and_continue on ${db}`,
          goal: '≥ 800 req/s, none over 1 s',
          result: `${rps(save.requests_per_s)} req/s, max ${ms(save.latency_ms.max)}${failed ? `, ${failed} failed` : ''}`,
          met: save.requests_per_s >= 800 && save.latency_ms.max <= 1000 && failed === 0,
        });
      }
    }
    if (run.applicants) {
      const a = run.applicants;
      const errors = Object.values(a.errors).reduce((s, n) => s + n, 0);
      goals.push({
        what: `${a.applicants} applicants with think time on ${db}`,
        goal: 'p99 ≤ 200 ms, no error',
        result: `p99 ${ms(a.latency_ms.p99)}, ${errors} errors`,
        met: a.latency_ms.p99 <= 200 && errors === 0,
      });
    }
    if (run.hostile_body) {
      const h = run.hostile_body;
      // Health unaffected: its median meanwhile within 5 ms of its median alone.
      const unaffected = h.health_ms.during_median <= h.health_ms.alone_median + 5;
      goals.push({
        what: `a ${h.body_kib} KiB hostile body on ${db}, and /healthz meanwhile`,
        goal: 'refused in ≤ 20 ms, health unaffected',
        result:
          `refused (${Object.keys(h.statuses).join(', ')}) in ${ms(h.answer_ms.median)} (max ${ms(h.answer_ms.max)}); ` +
          `/healthz ${ms(h.health_ms.during_median)} meanwhile (max ${ms(h.health_ms.during_max)}), ${ms(h.health_ms.alone_median)} alone`,
        met: h.answer_ms.median <= 20 && unaffected && !h.statuses['200'],
      });
    }
    const limit = run.database === 'postgres' ? 150 : 450;
    const { idle, after_load } = run.memory;
    goals.push({
      what: `server RSS on ${db}, idle and after the load`,
      goal: `≤ ${limit} MB`,
      result: `${idle.rss_mb.toFixed(0)} MB idle, ${after_load.rss_mb.toFixed(0)} MB after the load`,
      met: idle.rss_mb <= limit && after_load.rss_mb <= limit,
    });
  }
  return goals;
}

const LABELS: Record<Scenario, string> = {
  bare: 'bare Fastify route (ceiling)',
  bare_splash: 'bare Fastify route sending get_splash’s bytes (ceiling for that size)',
  get_splash: 'get_splash (first visit: 200, compressed)',
  get_splash_304: 'get_splash revalidated (If-None-Match → 304)',
  get_engineers: 'get_engineers with a search',
  save_and_continue: 'save_and_continue (the 3 steps of special applications)',
  sign_in: 'sign-in (View: 3 calls a sign-in, see below)',
};

function scenarioRow(run: DatabaseRun, scenario: Scenario, r: LoadResult): string {
  const expected = scenario === 'get_splash_304' ? ['304'] : ['200'];
  const statuses = Object.entries(r.statuses)
    .filter(([code]) => !expected.includes(code))
    .map(([code, n]) => `${n}× ${code}`)
    .join(', ');
  let goal = '';
  if (scenario === 'bare_splash' && run.splash_bytes) {
    goal = `${kib(run.splash_bytes)} (brotli), as get_splash sends them`;
  } else if (scenario === 'get_splash') {
    const share = r.requests_per_s / bareOf(run);
    const sameBytes = bareSplashOf(run)
      ? `; ${((r.requests_per_s / bareSplashOf(run)) * 100).toFixed(0)}% of the same bytes`
      : '';
    goal = `${(share * 100).toFixed(0)}% of bare (goal ≥ 70%) ${mark(share >= 0.7)}${sameBytes}`;
  } else if (scenario === 'save_and_continue') {
    const failed = failures(r);
    goal =
      run.database === 'postgres'
        ? `≥ 2,000 req/s, p99 ≤ 50 ms ${mark(r.requests_per_s >= 2000 && r.latency_ms.p99 <= 50 && failed === 0)}`
        : `≥ 800 req/s, max ≤ 1 s ${mark(r.requests_per_s >= 800 && r.latency_ms.max <= 1000 && failed === 0)}`;
  } else if (scenario === 'sign_in') {
    goal = `${signIns(r).toFixed(0)} sign-ins/s (no goal)`;
  }
  return `| ${LABELS[scenario]} | ${rps(r.requests_per_s)} | ${ms(r.latency_ms.p50)} | ${ms(r.latency_ms.p99)} | ${ms(r.latency_ms.max)} | ${r.errors + r.timeouts ? `${r.errors} (${r.timeouts} timeouts)` : 0} | ${statuses || 0} | ${goal} |`;
}

function callsTable(r: LoadResult): string[] {
  return [
    '| call | answers | p50 | p90 | p99 | max | statuses |',
    '|---|---|---|---|---|---|---|',
    ...Object.entries(r.calls ?? {}).map(
      ([name, c]) =>
        `| ${name} | ${c.count} | ${ms(c.p50)} | ${ms(c.p90)} | ${ms(c.p99)} | ${ms(c.max)} | ${Object.entries(
          c.statuses,
        )
          .map(([code, n]) => `${n}× ${code}`)
          .join(', ')} |`,
    ),
  ];
}

export function apiLoadLines(results: ApiLoadResults): string[] {
  const s = results.settings;
  const splashBytes = results.runs.find((run) => run.splash_bytes)?.splash_bytes;
  const lines = [
    '## The API under load',
    '',
    `autocannon ${s.connections} connections, ${s.duration_s} s a call after ${s.warmup_s} s of warm-up, on loopback, ` +
      'with the headers a browser sends (`Accept-Encoding: gzip, deflate, br`, `Accept-Language: en`, JSON). ' +
      `The server runs in its own process (\`node ${serverNodeFlags().join(' ')} dist/server/main.js\`, the built server, as \`npm run serve\` starts it, ` +
      'with its Node flags for memory: see docs/performance.md) with ' +
      `\`NODE_ENV=test\`, \`LOG_LEVEL=${s.log_level}\` (the log written to /dev/null), \`DEV_TOOLS=1\` and \`RATE_LIMIT_FACTOR=1000\` ` +
      '(both refused in production: the development tools, and every load client is 127.0.0.1), SMS through a fake HTTP gateway ' +
      'in the bench process (`SMS_GATEWAY_URL`, as in production). The bare route is a separate Fastify process answering a small JSON ' +
      'envelope to the same POST, measured in the same run on the same machine: the ceiling of this machine and client. ' +
      'The same process also answers the very bytes of get_splash (its brotli answer as Kibali sends it to a browser): the ceiling ' +
      'for an answer that size, which tells the cost of Kibali’s own work on get_splash from the cost of the bytes. ' +
      `autocannon runs in the bench process on the same cores, so its own CPU (it reads every answer${splashBytes ? `, ${kib(splashBytes)} for get_splash` : ''}) ` +
      'counts against every call. "errors" are connection errors and timeouts (10 s); the statuses column lists answers other than the expected one.',
    '',
    '- get_engineers: 10 searches in turn (names, a phone prefix, an email domain), pages of 10 or 25, a role filter one call in five.',
    '- save_and_continue: each connection is an applicant saving a special application step by step (personal details, creating the ' +
      'draft, then the plot and the building materials: 3 saves, each with the reference number the first answered and the draft cookie ' +
      'it set), then the next applicant: every body valid, names, phones and materials varying. (Until 2026-11-25 it saved steps 1–6 of ' +
      'new buildings; an engineer confirmation now confirms one draft alone, by a code to the engineer’s phone, so a load cannot make them.)',
    `- sign-in: View as a browser does it — \`/api/captcha/new\`, its proof of work solved in the bench process at the production cost ` +
      "(as the browser's widget does; that CPU counts against every call), `get_application` (reference number + solved challenge; the code goes to the gateway), `verify_code` (opens the session, sets the cookie). " +
      `A reference number gets one code a minute, so ${s.sign_in_references.toLocaleString('en')} submitted applications with their own phones are ` +
      'written into the database before the server starts and each signs in once. Its req/s counts all three calls; the sign-ins per second are beside it.',
  ];
  for (const run of results.runs) {
    lines.push(
      '',
      `### ${DB_NAME[run.database]}`,
      '',
      '| call | req/s | p50 | p99 | max | errors | other statuses | goal |',
      '|---|---|---|---|---|---|---|---|',
      ...Object.entries(run.scenarios).map(([scenario, r]) => scenarioRow(run, scenario as Scenario, r)),
    );
    for (const scenario of ['save_and_continue', 'sign_in'] as const) {
      const r = run.scenarios[scenario];
      if (r?.calls) lines.push('', `${LABELS[scenario]}, per call (timed by the bench):`, '', ...callsTable(r));
    }
  }
  const profiles = results.runs.filter((r) => r.applicants);
  if (profiles.length > 0) {
    const a0 = profiles[0]!.applicants!;
    lines.push(
      '',
      '### The realistic profile',
      '',
      `${a0.applicants} simulated applicants for ${s.applicants_duration_s} s, each on its own keep-alive connection: opens the wizard ` +
        '(`get_forms` and `get_splash`, revalidated with their ETags after the first time, as the client does), then saves a special ' +
        `application step by step (the 3 steps above), thinking ${a0.think_ms[0] / 1000}–${a0.think_ms[1] / 1000} s before each save, then starts the next one. ` +
        'Arrivals are spread over the first 3 s.',
      '',
      '| database | req/s | steps saved | applications completed | p50 | p90 | p99 | max | errors | goal: p99 ≤ 200 ms, no error |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...profiles.map((run) => {
        const a = run.applicants!;
        const errors = Object.entries(a.errors);
        const count = errors.reduce((sum, [, n]) => sum + n, 0);
        return `| ${DB_NAME[run.database]} | ${rps(a.requests_per_s)} | ${a.steps_saved} | ${a.applications_completed} | ${ms(a.latency_ms.p50)} | ${ms(a.latency_ms.p90)} | ${ms(a.latency_ms.p99)} | ${ms(a.latency_ms.max)} | ${count ? errors.map(([k, n]) => `${n}× ${k}`).join(', ') : 0} | ${mark(a.latency_ms.p99 <= 200 && count === 0)} |`;
      }),
    );
  }
  lines.push(
    '',
    '## Memory',
    '',
    'Resident set size of the server process (VmRSS in /proc): 2 s after it is ready, and at the end of all the load runs above; the peak (VmHWM) beside it; and 30 s after the load, once V8 has given back the heap it grew under load (its memory reducer runs when the process is idle). The goal is judged on the first two.',
    '',
    '| database | idle | after the load | peak | 30 s after the load | goal | |',
    '|---|---|---|---|---|---|---|',
    ...results.runs.map((run) => {
      const limit = run.database === 'postgres' ? 150 : 450;
      const { idle, after_load } = run.memory;
      const settled = run.memory.settled ? `${run.memory.settled.rss_mb.toFixed(0)} MB` : '';
      return `| ${DB_NAME[run.database]} | ${idle.rss_mb.toFixed(0)} MB | ${after_load.rss_mb.toFixed(0)} MB | ${after_load.peak_rss_mb.toFixed(0)} MB | ${settled} | ≤ ${limit} MB | ${mark(idle.rss_mb <= limit && after_load.rss_mb <= limit)} |`;
    }),
  );
  return lines;
}

/** The goals of these parts in one table. */
export function goalLines(goals: Goal[]): string[] {
  return [
    '| what | goal | result | |',
    '|---|---|---|---|',
    ...goals.map((g) => `| ${g.what} | ${g.goal} | ${g.result} | ${mark(g.met)} |`),
  ];
}
