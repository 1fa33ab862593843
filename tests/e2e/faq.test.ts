import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Faq, Splash } from '../../src/shared/reference-data';
import { callApi, useBrowser, type OpenedPage } from './browser';
import { LANGUAGES, tr, type Lng } from './locales';

const { newPage } = useBrowser();
let faqs: Faq[];

beforeAll(async () => {
  faqs = (await callApi<Splash>('/splash/get_splash')).faqs;
});

async function openFaq(lng: Lng): Promise<OpenedPage> {
  const opened = await newPage(lng === 'en' ? {} : { language: lng });
  await opened.page.goto('/home/faq');
  await opened.page.getByRole('heading', { level: 1, name: tr(lng, 'faq.title') }).waitFor();
  return opened;
}

function questionsShown(page: Page): Promise<string[]> {
  return page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
}

async function expectShownCount(page: Page, lng: Lng, count: number): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: tr(lng, 'faq.shown', { count }) })
    .waitFor();
}

/** A word of some question that only some of the FAQs contain (in question or answer). */
function searchWord(lng: Lng): { word: string; matching: Faq[] } {
  for (const faq of faqs) {
    for (const word of faq.question[lng].toLowerCase().match(/\p{L}{6,}/gu) ?? []) {
      const matching = faqs.filter((f) => `${f.question[lng]} ${f.answer[lng]}`.toLowerCase().includes(word));
      if (matching.length >= 1 && matching.length <= faqs.length / 2) return { word, matching };
    }
  }
  throw new Error(`No FAQ word in ${lng} that only some questions contain`);
}

describe.each(LANGUAGES)('FAQ in %s', (lng: Lng) => {
  test('lists every question of the reference data, in order', async () => {
    expect(faqs.length).toBeGreaterThanOrEqual(12);
    const { page, errors } = await openFaq(lng);

    expect(await questionsShown(page)).toEqual(faqs.map((faq) => faq.question[lng]));
    await expectShownCount(page, lng, faqs.length);
    expect(errors).toEqual([]);
  });

  test('expanding a question shows its answer', async () => {
    const faq = faqs[2]!;
    const { page, errors } = await openFaq(lng);
    const question = page.getByRole('button', { name: faq.question[lng] });
    const answer = page.getByText(faq.answer[lng], { exact: true });
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    expect(await answer.isVisible()).toBe(false);

    await question.click();
    await answer.waitFor();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    const region = page.getByRole('region', { name: faq.question[lng] });
    expect(await region.count()).toBe(1);
    expect(await region.textContent()).toBe(faq.answer[lng]);
    expect(errors).toEqual([]);
  });

  test('searching filters the questions; a search matching nothing says so', async () => {
    const { word, matching } = searchWord(lng);
    const { page, errors } = await openFaq(lng);
    const search = page.getByRole('searchbox', { name: tr(lng, 'faq.search') });

    await search.fill(word);
    await expect.poll(() => questionsShown(page)).toEqual(matching.map((faq) => faq.question[lng]));
    await expectShownCount(page, lng, matching.length);

    await search.fill('qqxzzy');
    await page
      .getByRole('status')
      .filter({ hasText: tr(lng, 'empty') })
      .waitFor();
    expect(await questionsShown(page)).toEqual([]);
    await expectShownCount(page, lng, 0);
    expect(errors).toEqual([]);
  });
});
