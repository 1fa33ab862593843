import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM } from '../../scripts/page-bytes';
import { APP_STARTED_ATTRIBUTE, LANGUAGE_COOKIE } from '../../src/shared/served-page';
import type { Lng } from './locales';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
/** The narrowest phone the portal is made for: 360 px wide. */
export const SMALL_PHONE = { width: 360, height: 740 };

/** What axe checks: WCAG 2.0 to 2.2, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core itself, put in a page by `axeViolations` the first time the page is checked. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations of AXE_TAGS on the page as it is now. axe runs in the page itself, put there once per
 * document: @axe-core/playwright's AxeBuilder put it in again for every check and finished each run in a
 * new page, about twice the time here (~1.9 s against ~1 s a check, some sixty checks a run).
 */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
          document,
          { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
        )
      ).violations,
    AXE_TAGS,
  );
}

export interface NewPageOptions {
  /** Start the browser session in this language (sessionStorage 'language', as the app keeps it). */
  language?: Lng;
  viewport?: { width: number; height: number };
  /** Another server than the portal, e.g. inject('maintenanceUrl'). */
  baseUrl?: string;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors, for `expect(errors).toEqual([])`. */
  errors: string[];
}

/**
 * A browser session in `lng` as the app keeps it: sessionStorage 'language' (only when the session has
 * no language yet, so that a switch in the page survives a reload) and the session cookie by which the
 * server renders the landing page in it.
 */
export async function keepLanguage(context: BrowserContext, lng: Lng, baseUrl: string): Promise<void> {
  await context.addInitScript((language) => {
    if (!sessionStorage.getItem('language')) sessionStorage.setItem('language', language);
  }, lng);
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: lng, url: baseUrl }]);
}

const FAILURES_DIR = 'test-results/failures';
/** Characters of each page's accessibility tree printed: enough for the step or dialog it was on. */
const TREE_CHARS = 6000;

async function reportPages(test: string, contexts: BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages());
  const name = test.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  mkdirSync(FAILURES_DIR, { recursive: true });
  for (const [i, page] of pages.entries()) {
    const file = path.join(FAILURES_DIR, `${name}-${i + 1}.png`);
    const shot = await page.screenshot({ path: file, fullPage: true }).then(
      () => file,
      (error: Error) => `no screenshot (${error.message})`,
    );
    const tree = await page
      .locator('body')
      .ariaSnapshot({ timeout: 5000 })
      .catch((error: Error) => `no accessibility tree (${error.message})`);
    console.error(
      `[e2e failure] page ${i + 1} of ${pages.length}: ${page.url()} (${shot})\n${tree.slice(0, TREE_CHARS)}`,
    );
  }
}

/**
 * One Chromium per test file. `newPage` opens a new context each time, i.e. a new browser session with
 * empty storage; the contexts are closed after each test.
 */
export function useBrowser(): { newPage(options?: NewPageOptions): Promise<OpenedPage> } {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM);
  });
  afterEach(async ({ task }) => {
    // A failed test leaves what its pages showed: the CI log gets each page's address and accessibility
    // tree (a wait that timed out says what was there instead), test-results/failures a screenshot.
    if (task.result?.errors?.length) await reportPages(task.name, contexts);
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newPage(options = {}) {
      if (!browser) throw new Error('useBrowser(): the browser is not launched yet (call newPage inside a test)');
      const context = await browser.newContext({
        baseURL: options.baseUrl ?? inject('baseUrl'),
        viewport: options.viewport ?? DESKTOP,
        locale: 'en-GB',
      });
      contexts.push(context);
      if (options.language) await keepLanguage(context, options.language, options.baseUrl ?? inject('baseUrl'));
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      return { page, context, errors };
    },
  };
}

/**
 * Fails listing every serious or critical WCAG 2.2 AA violation axe finds on the page as it is now,
 * once its transitions have ended: a button fading from disabled to enabled (MUI's 250 ms) has, half
 * way, colours it never rests in (seen once on /home/login as a contrast failure).
 */
export async function axeCheck(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Not the spinners and the progress bar: they never end.
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const targets = v.nodes.slice(0, 3).map((node) => JSON.stringify(node.target));
      return `${v.id} (${v.impact}): ${v.help} at ${targets.join(', ')}`;
    });
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * The app started, as a visitor starts it on the page the server renders (the landing page, whose app
 * is fetched once the page is reached for: src/client/boot.ts): a mouse over its heading. Other pages
 * start it at once.
 */
export async function startApp(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().hover();
  await page.locator(`html[${APP_STARTED_ATTRIBUTE}]`).waitFor({ state: 'attached' });
}

/** The path, query and hash of the page's URL, e.g. '/home/engineers?q=ali'. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Calls the portal's API directly (not through the page), for the data a test compares the page with. */
/**
 * The draft cookies of the drafts the tests made through the API, by name: a call naming a draft by
 * its reference number carries that draft's cookie, as the browser that made the draft would.
 */
const draftCookies = new Map<string, string>();

/** The Cookie header for the draft a body names, if the tests made it. */
export function draftCookieFor(body: unknown): Record<string, string> {
  const reference = (body as { reference_number?: unknown } | undefined)?.reference_number;
  if (typeof reference !== 'string') return {};
  const name = `kibali_draft_${reference.toUpperCase().replace(/[\s-]/g, '')}`;
  const secret = draftCookies.get(name);
  return secret ? { Cookie: `${name}=${secret}` } : {};
}

/** The draft cookie the tests hold for a draft they made through the API, to give a browser. */
export function draftCookieOf(reference: string): { name: string; value: string } | undefined {
  const name = `kibali_draft_${reference.toUpperCase().replace(/[\s-]/g, '')}`;
  const value = draftCookies.get(name);
  return value === undefined ? undefined : { name, value };
}

/** Keeps the draft cookies an answer sets. */
export function keepDraftCookies(res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const match = /^((?:__Host-)?kibali_draft_[2-9A-Z]{10})=([^;]*)/.exec(line);
    if (match) draftCookies.set(match[1]!.replace(/^__Host-/, ''), match[2]!);
  }
}

export async function callApi<T>(url: string, body: unknown = {}, language: Lng = 'en'): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${url}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Accept-Language': language,
      ...draftCookieFor(body),
    },
    body: JSON.stringify(body),
  });
  keepDraftCookies(res);
  const payload = (await res.json()) as { response: { code: number; message: string; data: T } };
  if (payload.response.code !== 200)
    throw new Error(`${url} answered ${payload.response.code}: ${payload.response.message}`);
  return payload.response.data;
}

/** A back-office call with the bearer token, as the unit's own system makes it: the server's own view. */
export async function staff<T>(call: string, body: unknown): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api/staff/${call}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${inject('staffToken')}`,
    },
    body: JSON.stringify(body),
  });
  const payload = (await res.json()) as { response: { code: number; message: string; data: T } };
  if (payload.response.code !== 200)
    throw new Error(`staff ${call} answered ${payload.response.code}: ${payload.response.message}`);
  return payload.response.data;
}

/**
 * What reaches past the right edge of the screen (or makes the page wider than it), innermost first;
 * empty when the page fits. Parts inside something that scrolls or clips on its own (the studio's two
 * preview phones' row) are not counted. `onlyWhenScrolled`: nothing when the page itself does not
 * scroll sideways (WCAG 1.4.10 reflow asks no more).
 */
export function pastTheEdge(page: Page, onlyWhenScrolled = false): Promise<string[]> {
  return page.evaluate((onlyWhenScrolled) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (onlyWhenScrolled && document.documentElement.scrollWidth <= width) return found;
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width} px`);
    const clipped = (element: Element): boolean => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const { overflowX } = getComputedStyle(up);
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter((e) => {
      const box = e.getBoundingClientRect();
      return box.width > 1 && box.right > width + 0.5 && !clipped(e);
    });
    for (const e of past.filter((e) => !past.some((other) => other !== e && e.contains(other))).slice(0, 5))
      found.push(
        `<${e.tagName.toLowerCase()} class="${String(e.className).slice(0, 60)}"> "${(e.textContent ?? '').slice(0, 50)}" reaches ${Math.round(e.getBoundingClientRect().right)} px`,
      );
    return found;
  }, onlyWhenScrolled);
}
