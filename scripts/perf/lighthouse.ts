// Lighthouse (its default config: mobile, simulated throttling) on three pages of the production build,
// Debian's Chromium, the median of RUNS runs by performance score.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM } from '../page-bytes';
import { QUICK } from './common';

export const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;

export const PAGES = [
  { page: '/home/landing', goal: { performance: 95, lcp_ms: 1500, tbt_ms: 100, accessibility: 100 } },
  { page: '/home/engineers', goal: { performance: 90, accessibility: 100 } },
  { page: '/home/new', goal: { performance: 85, accessibility: 100 } },
] as const;

export interface Finding {
  id: string;
  title: string;
  /** Lighthouse's own short figure, e.g. "Potential savings of 120 KiB" or "3 elements". */
  display?: string;
  /** Estimated savings of an opportunity (ms), for ordering. */
  savings_ms?: number;
  /** False for an audit of weight 0: shown by Lighthouse, not counted in the category's score. */
  scored: boolean;
}

export interface PageResult {
  page: string;
  goal: (typeof PAGES)[number]['goal'];
  /** Scores 0–100 and metrics of the median run. */
  performance: number;
  accessibility: number;
  best_practices: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  fcp_ms: number;
  /** Every run's performance score. */
  runs: number[];
  /** Lighthouse's measure of this machine's speed (higher is faster) during the median run. */
  benchmark_index: number;
  /** What to fix, from the median run: performance audits that are not passed, accessibility audits failed. */
  opportunities: Finding[];
  accessibility_failures: Finding[];
  best_practices_failures: Finding[];
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

function findings(lhr: Result, category: string, keep: (group: string | undefined) => boolean): Finding[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => keep(ref.group))
    .map((ref) => ({ a: lhr.audits[ref.id]!, scored: ref.weight > 0 }))
    .filter(({ a }) => a.score !== null && a.score < (category === 'performance' ? 0.9 : 1))
    .filter(({ a }) => !['notApplicable', 'manual', 'informative'].includes(a.scoreDisplayMode))
    .map(({ a, scored }) => {
      const savings = a.metricSavings
        ? Math.max(a.metricSavings.LCP ?? 0, a.metricSavings.FCP ?? 0, a.metricSavings.TBT ?? 0)
        : (a.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs;
      return {
        id: a.id,
        title: a.title,
        ...(a.displayValue ? { display: a.displayValue } : {}),
        ...(savings ? { savings_ms: savings } : {}),
        scored,
      };
    })
    .sort((a, b) => (b.savings_ms ?? 0) - (a.savings_ms ?? 0));
}

function summary(page: (typeof PAGES)[number], lhr: Result, runs: number[]): PageResult {
  return {
    page: page.page,
    goal: page.goal,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    best_practices: score(lhr, 'best-practices'),
    lcp_ms: numeric(lhr, 'largest-contentful-paint'),
    tbt_ms: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcp_ms: numeric(lhr, 'first-contentful-paint'),
    runs,
    benchmark_index: lhr.environment.benchmarkIndex,
    // Lighthouse 12.8 lists its opportunities among the diagnostics (the group it had for them is empty).
    opportunities: findings(lhr, 'performance', (g) => g === 'load-opportunities' || g === 'diagnostics'),
    accessibility_failures: findings(lhr, 'accessibility', () => true),
    best_practices_failures: findings(lhr, 'best-practices', () => true),
  };
}

/** Lighthouse on each page of `baseUrl` (a server serving the production build). */
export async function lighthousePages(baseUrl: string, log: (line: string) => void = console.log) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM.executablePath,
    userDataDir,
    // The flags the byte count's Chromium has (scripts/page-bytes.ts), headless.
    chromeFlags: ['--headless=new', ...CHROMIUM.args],
  });
  try {
    const results: PageResult[] = [];
    for (const page of PAGES) {
      const runs: Result[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const answer = await lighthouse(`${baseUrl}${page.page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        if (!answer) throw new Error(`Lighthouse gave no result for ${page.page}`);
        if (answer.lhr.runtimeError) throw new Error(`Lighthouse on ${page.page}: ${answer.lhr.runtimeError.message}`);
        runs.push(answer.lhr);
      }
      const byScore = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const median = byScore[Math.floor(byScore.length / 2)]!;
      const result = summary(
        page,
        median,
        runs.map((r) => score(r, 'performance')),
      );
      log(
        `Lighthouse ${page.page}: performance ${result.performance} (${result.runs.join(', ')}), accessibility ${result.accessibility}, LCP ${result.lcp_ms.toFixed(0)} ms, TBT ${result.tbt_ms.toFixed(0)} ms`,
      );
      results.push(result);
    }
    return { runs_per_page: LIGHTHOUSE_RUNS, pages: results };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

export type LighthouseResults = Awaited<ReturnType<typeof lighthousePages>>;
