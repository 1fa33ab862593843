// autocannon with a browser's headers and, per call of a sequence, our own latency and status counts.
import autocannon from 'autocannon';
import { summarize, type LatencySummary } from './common';

/** What a browser sends with every API call (compression included: answers over 1 KiB are compressed). */
export const BROWSER_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json',
  'accept-language': 'en',
  'accept-encoding': 'gzip, deflate, br',
};

export interface LoadResult {
  connections: number;
  duration_s: number;
  requests: number;
  requests_per_s: number;
  latency_ms: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  non_2xx: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** Per call of a sequence, measured here (setupRequest → onResponse, so ~autocannon's own). */
  calls?: Record<string, LatencySummary & { statuses: Record<string, number> }>;
}

type Context = Record<string, unknown> & { started?: number };

export interface Step {
  /** The call's name in `calls`. */
  name: string;
  path: string;
  /** The body: fixed, or made per request (undefined restarts the sequence: a step before failed). */
  body: string | ((context: Context) => string | undefined);
  headers?: Record<string, string>;
  onAnswer?(status: number, body: string, context: Context, headers: Record<string, string | string[]>): void;
}

export interface LoadOptions {
  url: string;
  connections: number;
  duration_s: number;
  /** A sequence each connection repeats (with its own context), or one fixed call. */
  steps: Step[];
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const perCall = new Map<string, { latencies: number[]; statuses: Record<string, number> }>();
  for (const step of options.steps) perCall.set(step.name, { latencies: [], statuses: {} });
  // One fixed call: a request built once (autocannon's cheapest path: the client, on the same cores as the
  // server, then takes the least CPU). A sequence: built per request, timed per call.
  const [first] = options.steps;
  const fixed = options.steps.length === 1 && typeof first!.body === 'string' && !first!.onAnswer ? first : undefined;
  const requests: autocannon.Request[] = options.steps.map((step) => ({
    method: 'POST',
    path: step.path,
    setupRequest: (request, rawContext) => {
      const context = rawContext as Context;
      const body = typeof step.body === 'string' ? step.body : step.body(context);
      if (body === undefined) return undefined as unknown as autocannon.Request;
      context.started = performance.now();
      // A draft's cookie, once its first save set it: the later saves of the draft need it.
      const cookie = typeof context.cookie === 'string' ? { cookie: context.cookie } : {};
      return { ...request, body, headers: { ...BROWSER_HEADERS, ...step.headers, ...cookie } };
    },
    onResponse: (status, body, rawContext, headers) => {
      const context = rawContext as Context;
      const call = perCall.get(step.name)!;
      if (context.started !== undefined) call.latencies.push(performance.now() - context.started);
      call.statuses[status] = (call.statuses[status] ?? 0) + 1;
      step.onAnswer?.(status, body, context, (headers ?? {}) as Record<string, string | string[]>);
    },
  }));
  const result = await autocannon({
    url: fixed ? `${options.url}${fixed.path}` : options.url,
    connections: options.connections,
    duration: options.duration_s,
    timeout: 10,
    ...(fixed
      ? {
          method: 'POST',
          body: fixed.body as string,
          headers: { ...BROWSER_HEADERS, ...fixed.headers },
        }
      : { requests }),
  });
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count ?? 0;
  const calls =
    options.steps.length > 1
      ? Object.fromEntries([...perCall].map(([name, c]) => [name, { ...summarize(c.latencies), statuses: c.statuses }]))
      : undefined;
  return {
    connections: options.connections,
    duration_s: result.duration,
    requests: result.requests.total,
    requests_per_s: result.requests.total / result.duration,
    latency_ms: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.average,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non_2xx: result.non2xx,
    statuses,
    ...(calls ? { calls } : {}),
  };
}
