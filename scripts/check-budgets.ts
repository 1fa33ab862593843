// `npm run test:budgets`: the byte budgets of issue 5, enforced on the build in dist/client (run
// `npm run build` first; the test command does). Bytes are deterministic for a build, so unlike
// timings they may fail CI. Counts what Chromium loads to show each page, as `npm run bench` records.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, dist, GOALS, LIMITS, measureBudgetPages } from './page-bytes';
import { startPortal } from './portal-process';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error('No build in dist/client: run `npm run build` first.');
    process.exit(2);
  }
  const portal = await startPortal();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const { landing, landingStarted, wizard } = await measureBudgetPages(browser, portal.url);
    const checks = [
      { what: '/home/landing, JavaScript (gzip)', bytes: landing.js.gzip, key: 'landing_js_gzip' },
      {
        what: '/home/landing once reached for (the app started), JavaScript (gzip)',
        bytes: landingStarted.js.gzip,
        key: 'landing_started_js_gzip',
      },
      {
        what: '/home/new first step, JavaScript and CSS (gzip)',
        bytes: wizard.js.gzip + wizard.css.gzip,
        key: 'wizard_total_gzip',
      },
    ] as const;
    let failed = false;
    for (const c of checks) {
      const ok = c.bytes <= LIMITS[c.key];
      failed ||= !ok;
      const goal = c.bytes <= GOALS[c.key] ? 'goal met' : `goal ${kib(GOALS[c.key])} not met yet`;
      console.log(
        `${ok ? 'ok  ' : 'OVER'} ${c.what}: ${kib(c.bytes)} (${c.bytes} B), limit ${kib(LIMITS[c.key])} (${goal})`,
      );
    }
    if (failed) {
      console.error('A page got heavier than its limit: make it lighter (see bench/RESULTS.md), not the limit larger.');
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

await main();
