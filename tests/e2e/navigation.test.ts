import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { axeCheck, useBrowser } from './browser';
import { readFileSync } from 'node:fs';
import { tr, type Lng } from './locales';

const api = { en: JSON.parse(readFileSync('locales/en/api.json', 'utf8')) as Record<string, string> };

const { newPage } = useBrowser();

const ENGINEERS_API = '**/api/engineer/get_engineers';

async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

function h1(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

async function expectHeading(page: Page, text: string): Promise<void> {
  await h1(page).filter({ hasText: text }).waitFor();
  expect((await h1(page).textContent())?.trim()).toBe(text);
}

/** Makes every engineers-list call answer the given envelope with the given HTTP status. */
async function answerEngineers(
  page: Page,
  status: number,
  response: { code: number; message: string; data?: unknown },
) {
  await page.route(ENGINEERS_API, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ response }) }),
  );
}

describe('redirects and the route guard', () => {
  test.each(['/', '/home', '/nowhere/at/all'])('%s ends on /home/landing', async (start) => {
    const { page, errors } = await newPage();
    await page.goto(start);
    await waitForPath(page, '/home/landing');
    await expectHeading(page, tr('en', 'landing.title'));
    expect(errors).toEqual([]);
  });

  test.each(['/dashboard/profile', '/dashboard'])(
    '%s without a user ends on /home/landing and remembers the intended URL',
    async (intended) => {
      const { page, errors } = await newPage();
      await page.goto(intended);
      await waitForPath(page, '/home/landing');
      await expectHeading(page, tr('en', 'landing.title'));
      expect(await page.evaluate(() => sessionStorage.getItem('intended_url'))).toBe(intended);
      expect(errors).toEqual([]);
    },
  );

  test('a stored user without a live session: the dashboard answers 401, signs out to View, and the guard applies again', async () => {
    const { page, errors } = await newPage();
    await page.goto('/home/landing');
    // What a browser keeps after its session ended on the server (idle time, logout elsewhere), in the
    // tab; and a user an earlier version kept in localStorage, which the app removes as it starts.
    await page.evaluate(() => {
      sessionStorage.setItem('user', JSON.stringify({ reference_number: 'ABCDE-FGHJK' }));
      localStorage.setItem('user', JSON.stringify({ reference_number: 'ABCDE-FGHJK' }));
    });

    await page.goto('/dashboard');
    await waitForPath(page, '/home/login');
    await expectHeading(page, tr('en', 'titles.view'));
    await page.getByText(api.en.not_signed_in!).first().waitFor();
    expect(await page.evaluate(() => [sessionStorage.getItem('user'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await axeCheck(page);

    await page.goto('/dashboard/application');
    await waitForPath(page, '/home/landing');
    expect(await page.evaluate(() => sessionStorage.getItem('intended_url'))).toBe('/dashboard/application');
    // The browser itself reports the 401 answers; nothing else may fail.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});

describe('language', () => {
  test('switching to Swahili translates the page, survives a reload, and a new session starts in English', async () => {
    const { page, errors } = await newPage();
    await page.goto('/home/landing');
    await expectHeading(page, tr('en', 'landing.title'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page
      .getByRole('combobox', { name: tr('en', 'language.label') })
      .selectOption({ label: tr('en', 'language.sw') });
    await expectHeading(page, tr('sw', 'landing.title'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    await page.getByRole('combobox', { name: tr('sw', 'language.label') }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('language'))).toBe('sw');

    await page.reload();
    await expectHeading(page, tr('sw', 'landing.title'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    await page.getByRole('navigation', { name: tr('sw', 'nav.label') }).waitFor();

    const fresh = await newPage();
    await fresh.page.goto('/home/landing');
    await expectHeading(fresh.page, tr('en', 'landing.title'));
    expect(await fresh.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect([...errors, ...fresh.errors]).toEqual([]);
  });
});

describe('notifications', () => {
  const failure = { code: 500, message: 'Test failure message', data: { request_id: 'x' } };

  test("a server's error message shows as an alert that hides after about 5 s", async () => {
    const { page } = await newPage();
    await answerEngineers(page, 500, failure);
    await page.goto('/home/engineers');
    const alert = page.getByRole('alert').filter({ hasText: failure.message });
    await alert.waitFor({ timeout: 10_000 });
    const shownAt = Date.now();
    await page.getByTestId('progress-failed').waitFor();

    await alert.waitFor({ state: 'detached', timeout: 8000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThanOrEqual(4000);
    expect(shownFor).toBeLessThanOrEqual(6500);
  });

  test('a notification is cleared on navigation', async () => {
    const { page } = await newPage();
    await answerEngineers(page, 500, failure);
    await page.goto('/home/engineers');
    const alert = page.getByRole('alert').filter({ hasText: failure.message });
    await alert.waitFor();

    await page
      .getByRole('navigation', { name: tr('en', 'nav.label') })
      .getByRole('link', { name: tr('en', 'nav.about') })
      .click();
    await waitForPath(page, '/home/about');
    await alert.waitFor({ state: 'detached', timeout: 1000 });
  });

  test.each([
    { status: 403, response: { code: 403, message: 'Access denied', data: {} } },
    { status: 200, response: { code: 401, message: 'Access denied', data: {} } },
  ])('an answer with code $response.code and message "Access denied" sends the user to the root', async (answer) => {
    const { page } = await newPage();
    await answerEngineers(page, answer.status, answer.response);
    await page.goto('/home/engineers');
    await page.getByTestId('progress-failed').waitFor();
    await waitForPath(page, '/home/landing');
    await expectHeading(page, tr('en', 'landing.title'));
  });
});

describe('loading', () => {
  test('the progress bar shows while a call is pending and goes when it is answered', async () => {
    const { page, errors } = await newPage();
    await page.goto('/home/landing');
    await expectHeading(page, tr('en', 'landing.title'));
    const bar = page.getByTestId('progress-bar');
    await bar.waitFor({ state: 'hidden' });

    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route(ENGINEERS_API, async (route) => {
      await answered;
      await route.continue();
    });
    await page
      .getByRole('navigation', { name: tr('en', 'nav.label') })
      .getByRole('link', { name: tr('en', 'nav.engineers') })
      .click();
    await expectHeading(page, tr('en', 'engineers.title'));
    await bar.waitFor({ state: 'visible' });
    expect(await page.getByRole('article').count()).toBe(0);

    release();
    await page.getByRole('article').first().waitFor();
    await bar.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });

  test('when the reference data cannot be loaded, the page offers Retry, which then loads it', async () => {
    const { page } = await newPage();
    await page.route('**/api/splash/get_splash', (route) => route.abort());
    // A page that shows the reference data (the landing page needs none of it: it shows at once).
    await page.goto('/home/faq');
    await page
      .getByRole('alert')
      .filter({ hasText: tr('en', 'load_error.title') })
      .first()
      .waitFor();
    const retry = page.getByRole('button', { name: tr('en', 'load_error.retry') });
    expect(await h1(page).count()).toBe(0);

    await page.unroute('**/api/splash/get_splash');
    await retry.click();
    await expectHeading(page, tr('en', 'faq.title'));
    expect(await retry.count()).toBe(0);
  });

  test('a server in maintenance mode shows the maintenance page', async () => {
    const { page, errors } = await newPage({ baseUrl: inject('maintenanceUrl') });
    await page.goto('/home/landing');
    await expectHeading(page, tr('en', 'maintenance.title'));
    expect(tr('en', 'maintenance.title')).toBe("We're Under Maintenance");
    expect(tr('en', 'maintenance.message')).toBe("We're Under Maintenance, please check back later.");
    await page.getByText(tr('en', 'maintenance.message'), { exact: true }).waitFor();
    expect(await page.title()).toBe(tr('en', 'titles.suffix', { page: tr('en', 'maintenance.title') }));
    await axeCheck(page);
    // The browser logs the 503 answers themselves; nothing else may go wrong.
    expect(errors.filter((e) => !e.includes('status of 503'))).toEqual([]);
  });
});

describe('scrolling', () => {
  test('back restores the scroll position; a new page starts at the top', async () => {
    const { page, errors } = await newPage();
    await page.goto('/home/terms_conditions');
    await expectHeading(page, tr('en', 'pages:terms.title'));
    // To the bottom, where the footer link is in view (a click would otherwise scroll to it first).
    const scrolledTo = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          window.addEventListener('scroll', () => resolve(window.scrollY), { once: true });
          window.scrollTo(0, document.documentElement.scrollHeight);
        }),
    );
    expect(scrolledTo).toBeGreaterThan(500);

    await page
      .getByRole('navigation', { name: tr('en', 'footer.links') })
      .getByRole('link', { name: tr('en', 'nav.about') })
      .click();
    await expectHeading(page, tr('en', 'pages:about.title'));
    // Long enough to scroll, so that being at the top is the app's doing, not the browser's clamping.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expectHeading(page, tr('en', 'pages:terms.title'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo - 10);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledTo)).toBeLessThanOrEqual(10);
    expect(errors).toEqual([]);
  });
});

describe('WhatsApp', () => {
  test.each<Lng>(['en', 'sw'])('the chat button opens WhatsApp with the %s message', async (lng) => {
    const { page, errors } = await newPage(lng === 'en' ? {} : { language: lng });
    await page.goto('/home/landing');
    const button = page.getByRole('link', { name: tr(lng, 'whatsapp.button') });
    await button.waitFor();
    expect(tr('en', 'whatsapp.button')).toBe('Chat with us on WhatsApp');
    expect(await button.getAttribute('href')).toBe(
      `https://wa.me/255777000000?text=${encodeURIComponent(tr(lng, 'whatsapp.message'))}`,
    );
    expect(await button.getAttribute('target')).toBe('_blank');
    expect(errors).toEqual([]);
  });
});
