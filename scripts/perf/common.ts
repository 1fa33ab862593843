// What the bench's parts share: quick mode, ports, percentiles, waiting.
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** BENCH_QUICK=1: short runs while developing (numbers not comparable with a full run). */
export const QUICK = process.env.BENCH_QUICK === '1';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The p-th percentile of ascending numbers (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function summarize(latencies: number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

/** Polls `url` until it answers 2xx, or throws after `timeoutMs`. */
export async function waitUntilReady(url: string, timeoutMs: number, alive: () => boolean = () => true) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!alive()) throw new Error(`the process serving ${url} exited before it was ready`);
    const ready = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return;
    await sleep(100);
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}
