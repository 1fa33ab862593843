// The JavaScript and CSS a page of the built portal loads, counted as the server sends them: the
// pre-compressed .gz and .br files of dist/client (what @fastify/static serves), and for a script the
// server generates (the form validators) its own answer compressed here the same way.
// Shared by `npm run bench` (recorded) and `npm run test:budgets` (enforced): the same numbers in both.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, Page, Request } from 'playwright-core';
import { APP_STARTED_ATTRIBUTE } from '../src/shared/served-page';

export const root = path.resolve(import.meta.dirname, '..');
export const dist = path.join(root, 'dist/client');

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Blink and V8 as Debian's
 * chromium, without the full browser's windows and WebUI processes that its new headless mode runs,
 * so the browser tests take about 40 % less CPU on this 2-core machine.
 */
export const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/** The Debian package that holds it. */
export const DEBIAN_HEADLESS_SHELL_PACKAGE = 'chromium-headless-shell';

/**
 * Debian's Chromium (or the one CHROMIUM_PATH names) as root, without a sandbox or anything that reaches
 * out (stack notes): for the bench, the budgets and the browser tests.
 */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH || DEBIAN_HEADLESS_SHELL,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export interface Bytes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageBytes {
  js: Bytes;
  css: Bytes;
  /** The paths loaded, in the order they arrived. */
  files: string[];
}

const compressed = (content: Buffer): Bytes => ({
  raw: content.length,
  gzip: gzipSync(content, { level: 9 }).length,
  brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

/** A built file as served: its pre-compressed siblings, else (under 512 bytes, not pre-compressed) itself. */
function builtFileBytes(file: string): Bytes {
  const raw = readFileSync(file).length;
  const sibling = (ext: string) => (existsSync(`${file}.${ext}`) ? readFileSync(`${file}.${ext}`).length : raw);
  return { raw, gzip: sibling('gz'), brotli: sibling('br') };
}

/**
 * Opens a page with `open` (which resolves once the page shows what is measured) and counts every script
 * and stylesheet asked for until then. What the page asks for later (the wizard makes the steps either
 * side of the one shown ready half a second after it shows) is not needed to show it, and not counted.
 */
export async function pageBytes(page: Page, open: () => Promise<Set<string> | void>): Promise<PageBytes> {
  const loaded: { path: string; body: Promise<Buffer | null> }[] = [];
  const listener = (request: Request) => {
    if (!['script', 'stylesheet'].includes(request.resourceType())) return;
    loaded.push({
      path: new URL(request.url()).pathname,
      body: request.response().then(
        (response) => response?.body() ?? null,
        () => null,
      ),
    });
  };
  page.on('request', listener);
  const asked = await open();
  page.off('request', listener);
  const sum: PageBytes = { js: { raw: 0, gzip: 0, brotli: 0 }, css: { raw: 0, gzip: 0, brotli: 0 }, files: [] };
  for (const { path: urlPath, body } of loaded) {
    if (sum.files.includes(urlPath) || (asked && !asked.has(urlPath))) continue;
    sum.files.push(urlPath);
    const file = path.join(dist, urlPath);
    const content = await body;
    const bytes = existsSync(file) ? builtFileBytes(file) : content ? compressed(content) : undefined;
    if (!bytes) throw new Error(`Could not count ${urlPath}: not in dist/client and no body`);
    const kind = urlPath.endsWith('.css') ? sum.css : sum.js;
    kind.raw += bytes.raw;
    kind.gzip += bytes.gzip;
    kind.brotli += bytes.brotli;
  }
  return sum;
}

/** The pages the budgets are about, each opened in a new browser session (nothing cached). */
export async function measureBudgetPages(browser: Browser, baseUrl: string) {
  const open = async (visit: (page: Page) => Promise<Set<string> | void>) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    try {
      const page = await context.newPage();
      return await pageBytes(page, () => visit(page));
    } finally {
      await context.close();
    }
  };
  // As the server sends it: readable and whole without the app, which it loads only once reached for.
  const landing = await open(async (page) => {
    await page.goto(`${baseUrl}/home/landing`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
  });
  // Once the visitor reaches for it (a mouse over a link): the app taken over the page.
  const landingStarted = await open(async (page) => {
    await page.goto(`${baseUrl}/home/landing`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link').first().hover();
    await page.locator(`html[${APP_STARTED_ATTRIBUTE}]`).waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
  });
  // Until the first step shows (all it needed is in by then): not what is made ready after it (the
  // steps either side, half a second later), however late this side notices the step (a busy machine).
  const wizard = await open(async (page) => {
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.getElementById('root_first_name')) return;
        Object.assign(window, { kibaliShownAt: performance.now() });
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}/home/new`);
    await page.locator('#root_first_name').waitFor();
    const asked = await page.evaluate(() => {
      const shownAt = (window as unknown as { kibaliShownAt: number }).kibaliShownAt;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= shownAt)
        .map((entry) => new URL(entry.name).pathname);
    });
    return new Set(asked);
  });
  return { landing, landingStarted, wizard };
}

const KiB = 1024;

/**
 * The byte budgets (issues 5 and 20): JS gzip to show the landing page, and once the visitor has reached
 * for it (the app started); JS and CSS gzip to show the wizard's first step.
 */
export const GOALS = {
  landing_js_gzip: 90 * KiB,
  landing_started_js_gzip: 150 * KiB,
  wizard_total_gzip: 240 * KiB,
};

/**
 * What `npm run test:budgets` enforces: the goals (the landing page 3.3 KiB since it loads the app only
 * once reached for, src/client/boot.ts; 134.8 KiB with the app; the wizard's first step 230.8 KiB since
 * the RJSF parts and the wizard's parts it does not draw load when first drawn or once it shows, its
 * radio buttons and stepper are plain HTML, what lazily loaded files preload is not listed again,
 * React Router's unused and framework-mode parts and RTK's listener middleware are gone, MUI's Alert
 * loads only when a load failed and the step's code is one file with @rjsf/utils, vite.config.ts,
 * app/store.ts and forms/FormsLoadState.tsx; issue 32 asks 225 KiB for the wizard, not met yet).
 * A page that gets heavier than its limit fails CI: make it lighter, not the limit larger.
 */
export const LIMITS = { ...GOALS };
