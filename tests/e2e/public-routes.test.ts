import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Splash } from '../../src/shared/reference-data';
import { axeCheck, callApi, MOBILE, useBrowser } from './browser';
import { LANGUAGES, tr, type Lng } from './locales';

/** Every public route of spec section 2, with the locale keys of its h1 and of its document title. */
const ROUTES = [
  { path: '/home/landing', heading: 'landing.title', title: 'titles.landing' },
  { path: '/home/about', heading: 'pages:about.title', title: 'titles.about' },
  { path: '/home/terms_conditions', heading: 'pages:terms.title', title: 'titles.terms' },
  { path: '/home/faq', heading: 'faq.title', title: 'titles.faq' },
  { path: '/home/engineers', heading: 'engineers.title', title: 'titles.engineers' },
  { path: '/home/request', heading: 'request.title', title: 'titles.request' },
  { path: '/home/request_options', heading: 'request_options.title', title: 'titles.request_options' },
  { path: '/home/login', heading: 'titles.view', title: 'titles.view' },
  { path: '/home/continue', heading: 'titles.continue', title: 'titles.continue' },
  { path: '/home/find_reference', heading: 'titles.find_reference', title: 'titles.find_reference' },
  // Opened without a continued application, the continue form sends the applicant to Continue.
  { path: '/home/continue_form', lands: '/home/continue', heading: 'titles.continue', title: 'titles.continue' },
  { path: '/home/new', heading: 'titles.new', title: 'titles.new' },
  { path: '/home/maintenance', heading: 'titles.maintenance', title: 'titles.maintenance' },
  { path: '/home/no_drawings', heading: 'titles.no_drawings', title: 'titles.no_drawings' },
];

const NAV_KEYS = ['nav.home', 'nav.about', 'nav.engineers', 'nav.faq', 'nav.request', 'nav.view'];

const { newPage } = useBrowser();
let splash: Splash;

beforeAll(async () => {
  splash = await callApi<Splash>('/splash/get_splash');
});

/** Waits until the page shows its h1 and no call is pending any more (axe must not see a half-loaded list). */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByTestId('progress-bar').waitFor({ state: 'hidden' });
  if (new URL(page.url()).pathname === '/home/engineers') await page.getByRole('article').first().waitFor();
}

/** Ids used by more than one element: labels and aria references to them point at the wrong one. */
function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const element of document.querySelectorAll('[id]')) {
      if (seen.has(element.id)) twice.add(element.id);
      seen.add(element.id);
    }
    return [...twice];
  });
}

describe.each(LANGUAGES)('public routes in %s', (lng: Lng) => {
  // Axe on each of these routes, in both languages, is accessibility-pages' (one check of a page, not two).
  test.each(ROUTES)('$path: heading, title, top bar, navigation, footer, no errors', async (route) => {
    // English is the default: the English run starts a session with no language chosen.
    const { page, errors } = await newPage(lng === 'en' ? {} : { language: lng });
    await page.goto(route.path);
    await settled(page);

    await expect.poll(() => new URL(page.url()).pathname).toBe(route.lands ?? route.path);
    const h1 = page.getByRole('heading', { level: 1 });
    expect(await h1.count()).toBe(1);
    expect((await h1.textContent())?.trim()).toBe(tr(lng, route.heading));
    await expect.poll(() => page.title()).toBe(tr(lng, 'titles.suffix', { page: tr(lng, route.title) }));
    expect(await page.title()).toMatch(/\| Kibali$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);

    const topBar = page.getByRole('complementary', { name: tr(lng, 'topbar.label') });
    const topText = await topBar.textContent();
    expect(topText).toContain(tr(lng, 'topbar.call', { phone: splash.site.support_phone }));
    expect(topText).toContain(tr(lng, 'topbar.hours'));

    const nav = page.getByRole('navigation', { name: tr(lng, 'nav.label') });
    const navLinks = (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
    expect(navLinks).toEqual(NAV_KEYS.map((key) => tr(lng, key)));

    expect(await page.getByRole('contentinfo').textContent()).toContain(tr(lng, 'footer.powered_by'));

    expect(await duplicateIds(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('mobile viewport (390x844)', () => {
  test.each(['/home/landing', '/home/engineers'])('%s is accessible', async (path) => {
    const { page, errors } = await newPage({ viewport: MOBILE });
    await page.goto(path);
    await settled(page);
    await axeCheck(page);
    expect(errors).toEqual([]);
  });

  test('the menu button opens the navigation panel with the six links', async () => {
    const { page, errors } = await newPage({ viewport: MOBILE });
    await page.goto('/home/landing');
    await settled(page);
    // The desktop links are hidden on a phone; the menu panel holds them.
    expect(await page.getByRole('navigation', { name: tr('en', 'nav.label') }).count()).toBe(0);

    // A <details> disclosure (it opens before the app has started): its summary is named by aria-label.
    await page.getByLabel(tr('en', 'nav.open_menu')).click();
    const drawerNav = page.getByRole('navigation', { name: tr('en', 'nav.label') });
    await drawerNav.waitFor();
    const links = (await drawerNav.getByRole('link').allTextContents()).map((text) => text.trim());
    expect(links).toEqual(NAV_KEYS.map((key) => tr('en', key)));
    await axeCheck(page);

    await drawerNav.getByRole('link', { name: tr('en', 'nav.engineers') }).click();
    await page.waitForURL('**/home/engineers');
    await drawerNav.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });
});
