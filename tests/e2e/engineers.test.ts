import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Engineer, EngineerRole, Splash } from '../../src/shared/reference-data';
import { callApi, pathOf, useBrowser, type OpenedPage } from './browser';
import { tr, type Lng } from './locales';

interface EngineersPage {
  items: Engineer[];
  total: number;
}

interface EngineersQuery {
  search?: string;
  role?: string;
  page?: number;
  page_size?: number;
}

const { newPage } = useBrowser();

let splash: Splash;
/** A surname several engineers share, but not all: the search's test word. */
let surname: string;
/** A role some engineers have, but not all. */
let role: EngineerRole;

/** What the API answers for a query: the list the page must show for the same filters. */
function expected(query: EngineersQuery): Promise<EngineersPage> {
  return callApi<EngineersPage>('/engineer/get_engineers', { page: 1, page_size: 10, ...query });
}

beforeAll(async () => {
  splash = await callApi<Splash>('/splash/get_splash');
  const counts = new Map<string, number>();
  for (const engineer of splash.engineers) {
    const last = engineer.name.split(' ').at(-1)!;
    counts.set(last, (counts.get(last) ?? 0) + 1);
  }
  const shared = [...counts]
    .filter(([, n]) => n >= 2 && n <= 9)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  expect(shared.length).toBeGreaterThan(0);
  surname = shared[0]![0];
  role = splash.engineer_roles[1]!;
});

function cardNames(page: Page): Promise<string[]> {
  return page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
}

/** Waits until the cards show exactly the engineers the API gives for the same query. */
async function expectCards(page: Page, answer: EngineersPage): Promise<void> {
  await expect.poll(() => cardNames(page)).toEqual(answer.items.map((e) => e.name));
}

async function expectResultCount(page: Page, lng: Lng, total: number): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: tr(lng, 'engineers.results', { count: total }) })
    .waitFor();
}

async function openEngineers(path = '/home/engineers', lng: Lng = 'en'): Promise<OpenedPage> {
  const opened = await newPage(lng === 'en' ? {} : { language: lng });
  await opened.page.goto(path);
  await opened.page.getByRole('article').first().waitFor();
  return opened;
}

function roleSelect(page: Page, lng: Lng = 'en') {
  return page.getByRole('combobox', { name: tr(lng, 'engineers.role') });
}

/** The role the filter shows (a native select: its chosen option). */
function chosenRole(page: Page, lng: Lng = 'en') {
  return roleSelect(page, lng).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent);
}

describe('engineers list', () => {
  test('shows the first 10 engineers and the total', async () => {
    const all = await expected({});
    expect(all.total).toBeGreaterThanOrEqual(150);
    const { page, errors } = await openEngineers();

    expect(await page.getByRole('article').count()).toBe(10);
    await expectCards(page, all);
    await expectResultCount(page, 'en', all.total);
    await page.getByText(tr('en', 'engineers.displayed', { from: 1, to: 10, count: all.total })).waitFor();
    expect(errors).toEqual([]);
  });

  test('typing part of a name filters the list and puts the search in the URL', async () => {
    const found = await expected({ search: surname });
    expect(found.total).toBeGreaterThanOrEqual(2);
    const { page, errors } = await openEngineers();

    await page.getByRole('searchbox', { name: tr('en', 'engineers.search') }).fill(surname);
    await page.waitForURL((url) => url.searchParams.get('q') === surname);
    await expectCards(page, found);
    for (const name of await cardNames(page)) expect(name.toLowerCase()).toContain(surname.toLowerCase());
    await expectResultCount(page, 'en', found.total);
    expect(errors).toEqual([]);
  });

  test('the role filter narrows the list, and All restores it', async () => {
    const all = await expected({});
    const ofRole = await expected({ role: role.code });
    expect(ofRole.total).toBeGreaterThan(0);
    expect(ofRole.total).toBeLessThan(all.total);
    const { page, errors } = await openEngineers();

    await roleSelect(page).selectOption({ label: role.name.en });
    await page.waitForURL((url) => url.searchParams.get('role') === role.code);
    await expectCards(page, ofRole);
    await expectResultCount(page, 'en', ofRole.total);
    for (const card of await page.getByRole('article').all()) {
      expect(await card.textContent()).toContain(role.name.en);
    }

    await roleSelect(page).selectOption({ label: tr('en', 'engineers.all') });
    await page.waitForURL((url) => !url.searchParams.has('role'));
    await expectCards(page, all);
    await expectResultCount(page, 'en', all.total);
    expect(errors).toEqual([]);
  });

  test('the next page shows the next engineers and puts page=2 in the URL', async () => {
    const first = await expected({});
    const second = await expected({ page: 2 });
    const { page, errors } = await openEngineers();

    await page.getByRole('button', { name: tr('en', 'engineers.next_page') }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expectCards(page, second);
    expect(second.items.map((e) => e.id)).not.toEqual(first.items.map((e) => e.id));
    await page.getByText(tr('en', 'engineers.displayed', { from: 11, to: 20, count: first.total })).waitFor();
    expect(errors).toEqual([]);
  });

  test('25 per page shows 25 engineers and puts size=25 in the URL', async () => {
    const answer = await expected({ page_size: 25 });
    const { page, errors } = await openEngineers();

    await page.getByRole('combobox', { name: tr('en', 'engineers.rows_per_page') }).selectOption('25');
    await page.waitForURL((url) => url.searchParams.get('size') === '25');
    await expectCards(page, answer);
    expect(await page.getByRole('article').count()).toBe(25);
    expect(errors).toEqual([]);
  });

  test('a search that matches nobody says so', async () => {
    const { page, errors } = await openEngineers();

    await page.getByRole('searchbox', { name: tr('en', 'engineers.search') }).fill('qqxzzy');
    await page.waitForURL((url) => url.searchParams.get('q') === 'qqxzzy');
    await page
      .getByRole('status')
      .filter({ hasText: tr('en', 'empty') })
      .waitFor();
    expect(tr('en', 'empty')).toBe('Sorry! No Records Found.');
    expect(await page.getByRole('article').count()).toBe(0);
    await expectResultCount(page, 'en', 0);
    expect(errors).toEqual([]);
  });

  test('a shared URL restores the search, the role and the results', async () => {
    const engineer = splash.engineers.find((e) => e.role_id === role.id)!;
    const word = engineer.name.split(' ')[0]!;
    const answer = await expected({ search: word, role: role.code });
    expect(answer.items.map((e) => e.id)).toContain(engineer.id);
    const path = `/home/engineers?q=${encodeURIComponent(word)}&role=${role.code}`;
    const { page, errors } = await openEngineers(path);

    await expectCards(page, answer);
    expect(await page.getByRole('searchbox', { name: tr('en', 'engineers.search') }).inputValue()).toBe(word);
    expect(await chosenRole(page)).toBe(role.name.en);
    await expectResultCount(page, 'en', answer.total);
    expect(pathOf(page)).toBe(path);
    expect(errors).toEqual([]);
  });

  test('the Engineers link of the navigation clears the search', async () => {
    const all = await expected({});
    const { page, errors } = await openEngineers(`/home/engineers?q=${encodeURIComponent(surname)}`);
    const search = page.getByRole('searchbox', { name: tr('en', 'engineers.search') });
    expect(await search.inputValue()).toBe(surname);

    await page
      .getByRole('navigation', { name: tr('en', 'nav.label') })
      .getByRole('link', { name: tr('en', 'nav.engineers') })
      .click();
    await page.waitForURL((url) => url.search === '');
    await expectCards(page, all);
    expect(await search.inputValue()).toBe('');
    await expectResultCount(page, 'en', all.total);
    expect(errors).toEqual([]);
  });

  test('in Swahili the labels, the roles and the counts are Swahili', async () => {
    const all = await expected({});
    const { page, errors } = await openEngineers('/home/engineers', 'sw');

    await page.getByRole('heading', { level: 1, name: tr('sw', 'engineers.title') }).waitFor();
    await page.getByRole('searchbox', { name: tr('sw', 'engineers.search') }).waitFor();
    expect(await chosenRole(page, 'sw')).toBe(tr('sw', 'engineers.all'));
    await page.getByRole('button', { name: tr('sw', 'engineers.next_page') }).waitFor();
    await page.getByRole('combobox', { name: tr('sw', 'engineers.rows_per_page') }).waitFor();
    await expectResultCount(page, 'sw', all.total);
    const firstRole = splash.engineer_roles.find((r) => r.id === all.items[0]!.role_id)!;
    expect(await page.getByRole('article').first().textContent()).toContain(firstRole.name.sw);
    expect(errors).toEqual([]);
  });
});
