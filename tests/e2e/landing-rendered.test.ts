import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { APP_STARTED_ATTRIBUTE as APP_STARTED, LANGUAGE_COOKIE } from '../../src/shared/served-page';
import { axeCheck, MOBILE, pathOf, useBrowser } from './browser';
import { LANGUAGES, tr, type Lng } from './locales';

// The landing page as the server sends it (src/server/spa/spa-pages.ts): whole without the app's
// scripts, in the session's language; the app is fetched once the visitor reaches for the page
// (src/client/boot.ts), then takes it over as it is.

const { newPage } = useBrowser();

const BOXES = [
  { key: 'apply', href: '/home/request' },
  { key: 'status', href: '/home/login' },
  { key: 'terms', href: '/home/terms_conditions' },
];

async function boxLinks(page: Page, lng: Lng) {
  const boxes = page.getByRole('list', { name: tr(lng, 'landing.boxes') });
  return Promise.all(
    BOXES.map(async (box) => {
      const link = boxes.getByRole('link', { name: tr(lng, `landing.${box.key}.action`) });
      return link.getAttribute('href');
    }),
  );
}

describe('the landing page as the server sends it', () => {
  test.each(LANGUAGES)(
    'is readable with JavaScript off, in the language of the session cookie (%s); the phone menu opens',
    async (lng) => {
      const { page, context } = await newPage({ viewport: MOBILE });
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: lng, url: inject('baseUrl') }]);
      await page.route('**/*.js', (route) => route.abort()); // no script at all, as with JavaScript off
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);

      const h1 = page.getByRole('heading', { level: 1 });
      expect((await h1.textContent())?.trim()).toBe(tr(lng, 'landing.title'));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
      expect(await page.title()).toBe(tr(lng, 'titles.suffix', { page: tr(lng, 'titles.landing') }));
      expect(await boxLinks(page, lng)).toEqual(BOXES.map((box) => box.href));
      expect(await page.getByRole('contentinfo').textContent()).toContain(tr(lng, 'footer.powered_by'));

      // The menu is a <details>: it opens without the app.
      const nav = page.getByRole('navigation', { name: tr(lng, 'nav.label') });
      expect(await nav.count()).toBe(0);
      await page.getByLabel(tr(lng, 'nav.open_menu')).click();
      await nav.waitFor();
      expect(await nav.getByRole('link').count()).toBe(6);
      await axeCheck(page);
    },
  );

  test('loads none of the app until the visitor reaches for it: a mouse over a link starts it', async () => {
    const { page, errors } = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: tr('en', 'landing.title') }).waitFor();
    await page.waitForLoadState('networkidle');
    // The page's own script has put the page's address in the bar ('/' leads to /home/landing).
    expect(pathOf(page)).toBe('/home/landing');
    expect(scripts.filter((file) => /\/assets\/(app|react)-/.test(file))).toEqual([]);
    expect(await page.evaluate((name) => document.documentElement.hasAttribute(name), APP_STARTED)).toBe(false);

    await page.getByRole('link', { name: tr('en', 'landing.apply.action') }).hover();
    await page.locator(`html[${APP_STARTED}]`).waitFor({ state: 'attached' });
    expect(scripts.filter((file) => /\/assets\/(app|react)-/.test(file))).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  test('is taken over by the app as it is once it has started: no error, links stay in the app', async () => {
    const { page, errors } = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: tr('en', 'landing.title') }).waitFor();
    // The focus reaching a link is enough (a keyboard's Tab).
    await page.getByRole('link', { name: tr('en', 'landing.apply.action') }).focus();
    await page.locator(`html[${APP_STARTED}]`).waitFor({ state: 'attached' });
    expect(pathOf(page)).toBe('/home/landing');
    await page.getByTestId('progress-bar').waitFor({ state: 'hidden' });

    // A navigation inside the app keeps the document (a full load would lose this mark).
    await page.evaluate(() => Object.assign(window, { kibaliMark: 1 }));
    await page.getByRole('link', { name: tr('en', 'landing.apply.action') }).click();
    await page.getByRole('heading', { level: 1, name: tr('en', 'request.title') }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { kibaliMark?: number }).kibaliMark)).toBe(1);
    expect(errors).toEqual([]); // React reports a page it cannot take over as it is as an error
    await axeCheck(page);
  });

  test('a click on a link before the app has arrived is an ordinary page load to it', async () => {
    const { page, errors } = await newPage();
    // The app's files held back, as on a slow network: the click does not wait for them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(app|react)-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue().catch(() => undefined); // the page that asked may be gone
    });
    await page.goto('/home/landing');
    await page.getByRole('link', { name: tr('en', 'landing.apply.action') }).click();
    await page.waitForURL('**/home/request');
    release();
    await page.getByRole('heading', { level: 1, name: tr('en', 'request.title') }).waitFor();
    expect(errors).toEqual([]);
  });

  test('a session in Swahili whose page came in English (no cookie yet) is shown in Swahili', async () => {
    const { page, context, errors } = await newPage();
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('language')) sessionStorage.setItem('language', 'sw');
    });
    const response = await page.goto('/home/landing');
    expect(await response?.text()).toContain('<html lang="en">');

    await page.getByRole('heading', { level: 1, name: tr('sw', 'landing.title') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    // The app has set the cookie: the next page the server renders is in Swahili.
    const again = await page.reload();
    expect(await again?.text()).toContain('<html lang="sw">');
    await page.getByRole('heading', { level: 1, name: tr('sw', 'landing.title') }).waitFor();
    expect(errors).toEqual([]);
  });

  test('a language chosen before the app has arrived is the one the app starts in', async () => {
    const { page, errors } = await newPage();
    // The app's file held back, as on a slow network: the page is the server's alone meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/home/landing');
    await page.getByRole('combobox', { name: tr('en', 'language.label') }).selectOption('sw');
    release();

    await page.getByRole('heading', { level: 1, name: tr('sw', 'landing.title') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    expect(await page.evaluate(() => sessionStorage.getItem('language'))).toBe('sw');
    expect(await page.getByRole('combobox', { name: tr('sw', 'language.label') }).inputValue()).toBe('sw');
    expect(errors).toEqual([]);
  });
});
