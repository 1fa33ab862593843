// The realistic profile: simulated applicants, each with its own keep-alive connection, open the wizard
// (forms and reference lists, revalidated with their ETags after the first time, as the client does) and
// save a new-building application step by step, thinking 1–3 s before each save.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Splash } from '../../src/shared/reference-data';
import { sleep, summarize, type LatencySummary } from './common';
import { BROWSER_HEADERS } from './cannon';
import { draftCookie, saveBody, STEPS, type Confirmed } from './load-data';

export interface ApplicantsOptions {
  url: string;
  applicants: number;
  duration_s: number;
  think_ms: [number, number];
  splash: Splash;
  engineers: Confirmed[];
}

export interface ApplicantsResult {
  applicants: number;
  duration_s: number;
  think_ms: [number, number];
  requests: number;
  requests_per_s: number;
  steps_saved: number;
  applications_completed: number;
  latency_ms: LatencySummary;
  calls: Record<string, LatencySummary>;
  /** Failed calls: network errors, timeouts and answers other than 200/304, by kind. */
  errors: Record<string, number>;
}

interface Answer {
  status: number;
  body: string;
  etag: string | undefined;
  /** A draft cookie it set (`name=value`), which the draft's later saves carry. */
  cookie: string | undefined;
}

function post(agent: http.Agent, url: string, route: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      `${url}${route}`,
      {
        method: 'POST',
        agent,
        headers: { ...BROWSER_HEADERS, ...headers },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({
            status: res.statusCode ?? 0,
            body: body.toString(),
            etag: res.headers.etag,
            cookie: draftCookie(res.headers['set-cookie']),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export async function applicants(options: ApplicantsOptions): Promise<ApplicantsResult> {
  const { url, duration_s, think_ms, splash, engineers } = options;
  const latencies: Record<string, number[]> = { get_forms: [], get_splash: [], save_and_continue: [] };
  const errors: Record<string, number> = {};
  let stepsSaved = 0;
  let completed = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + duration_s * 1000;
  const open = () => performance.now() < deadline;

  const timed = async (agent: http.Agent, name: string, route: string, body: string, headers = {}) => {
    const t0 = performance.now();
    try {
      const answer = await post(agent, url, route, body, headers);
      latencies[name]!.push(performance.now() - t0);
      if (answer.status !== 200 && answer.status !== 304) {
        const kind = `${name} ${answer.status}`;
        errors[kind] = (errors[kind] ?? 0) + 1;
        return undefined;
      }
      return answer;
    } catch (error) {
      const kind = `${name} ${(error as Error).message}`;
      errors[kind] = (errors[kind] ?? 0) + 1;
      return undefined;
    }
  };

  const applicant = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const etags: Record<string, string> = {};
    const think = () => sleep(think_ms[0] + Math.random() * (think_ms[1] - think_ms[0]));
    // Arrivals spread over the first think time, not all in the same millisecond.
    await sleep(Math.random() * think_ms[1]);
    while (open()) {
      for (const [name, route] of [
        ['get_forms', '/api/forms/get_forms'],
        ['get_splash', '/api/splash/get_splash'],
      ] as const) {
        const answer = await timed(agent, name, route, '{}', etags[name] ? { 'if-none-match': etags[name] } : {});
        if (answer?.etag) etags[name] = answer.etag;
      }
      const n = next++;
      let reference: string | undefined;
      let cookie: string | undefined;
      let i = 0;
      for (; i < STEPS.length; i++) {
        await think();
        if (!open()) break;
        const body = saveBody(i, n, splash, engineers, reference);
        const answer = await timed(
          agent,
          'save_and_continue',
          '/api/application/save_and_continue',
          body,
          cookie ? { cookie } : {},
        );
        if (!answer) break;
        cookie ??= answer.cookie;
        stepsSaved++;
        reference = (JSON.parse(answer.body) as { response: { data: { reference_number: string } } }).response.data
          .reference_number;
      }
      if (i === STEPS.length) completed++;
      await think();
    }
    agent.destroy();
  };

  await Promise.all(Array.from({ length: options.applicants }, applicant));
  const elapsed = (performance.now() - started) / 1000;
  const all = Object.values(latencies).flat();
  return {
    applicants: options.applicants,
    duration_s: elapsed,
    think_ms,
    requests: all.length,
    requests_per_s: all.length / elapsed,
    steps_saved: stepsSaved,
    applications_completed: completed,
    latency_ms: summarize(all),
    calls: Object.fromEntries(Object.entries(latencies).map(([name, l]) => [name, summarize(l)])),
    errors,
  };
}
