import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { FormsDocument } from '../../src/shared/forms';
import type { Engineer, Splash } from '../../src/shared/reference-data';
import { completeDraft, continueData, launch, languageContext, type WizardType } from './accessibility-helpers';
import { callApi, draftCookieOf, pastTheEdge } from './browser';
import { SHARED_ENGINEERS, smsCode } from './journey-helpers';
import { withSeededContacts } from '../fixtures/seeded-engineers';
import { LANGUAGES, tr, type Lng } from './locales';

/**
 * Issue 17, "Fit a phone": at 320 and 360 px, in English and in Swahili, every step of every flow and
 * every tab of the dashboard, filled with long real content (long names, a long engineer's email, four
 * floors of five rooms each), fits the screen: nothing reaches past its right edge, so nothing needs
 * scrolling sideways (WCAG 1.4.10), and the WhatsApp button covers neither a focused control nor Save
 * And Continue. Screenshots at 360 px go to test-results/phone-fit/ for review.
 */
const WIDTHS = [320, 360] as const;
const HEIGHT = 740;
const SHOTS = path.resolve(import.meta.dirname, '../../test-results/phone-fit');
/** Screenshots are for people looking at the layout; CI only checks it (a full-page shot costs seconds). */
const TAKE_SHOTS = !process.env.CI;
const FLOWS: WizardType[] = ['new', 'government', 'repair', 'special'];

/** An applicant with a passport (any names), long names, a long email and address, a phone no other test uses. */
const longPerson = (lng: Lng) => ({
  identification_type: 'passport',
  passport_number: lng === 'en' ? 'AB1234567' : 'CD7654321',
  zan_id: undefined,
  first_name: 'Abdulrahmani-Mwinyimkuu',
  middle_name: 'Mohammed Suleiman',
  last_name: 'Al-Mazrui-Kombo-Hamadi',
  email: 'abdulrahmani.mwinyimkuu.al-mazrui.kombo@zanzibar-family-business.example.com',
  phone: lng === 'en' ? '0777990011' : '0777990022',
  address: 'P.O. Box 4321, Mwanakwerekwe Industrial Area, Mjini Magharibi Region, Zanzibar',
  street: 'Barabara ya Mwanakwerekwe-Kijitoupele-Fuoni',
});

/** The positions (1, 2, …, as the samples give them) of the rooms with the longest names in Swahili. */
function longestRooms(splash: Splash, count: number): number[] {
  return splash.rooms
    .map((room, i) => ({ position: i + 1, length: JSON.stringify(room).length }))
    .sort((a, b) => b.length - a.length)
    .slice(0, count)
    .map((room) => room.position);
}

/** Long answers for every step that has them: three storeys, four floors of five rooms, long texts. */
function longAnswers(splash: Splash, lng: Lng): Record<string, Record<string, unknown>> {
  const rooms = longestRooms(splash, 5);
  return {
    personal: longPerson(lng),
    construction: {
      building_type_description:
        'A family house of three storeys with two shops and a store on the ground floor, and a roof terrace.',
      has_storeys: true,
      storey_count: 3,
      other_land_use: 'Small coconut plantation and a vegetable garden along the northern boundary wall',
      shehia: 'Mwanakwerekwe-Kijitoupele',
    },
    construction_details: {
      floors: [0, 1, 2, 3].map((floor) => ({
        floor,
        rooms: rooms.map((room, i) => ({ room, area_m2: 10 + i, percent_covered: 2 })),
      })),
    },
  };
}

/** The engineers of the government buildings, one per language. */
const GOVERNMENT_ENGINEERS = [100, 101];

let browser: Browser;
let splash: Splash;
let forms: FormsDocument;
/** The engineers with the longest emails, one for each language's new building (each takes a code a minute). */
const longEmailEngineers = new Map<Lng, Engineer>();
/** Each flow's draft in each language (a continue code for each: one a minute per draft). */
const drafts = new Map<string, Promise<string>>();

beforeAll(async () => {
  [splash, forms] = await Promise.all([
    callApi<Splash>('/splash/get_splash'),
    callApi<FormsDocument>('/forms/get_forms'),
  ]);
  // Past the first SHARED_ENGINEERS, which the other browser test files take (journey-helpers.ts); the
  // emails are the seed's (the splash names engineers without their contacts).
  const byEmail = splash.engineers
    .filter((_engineer, i) => i >= SHARED_ENGINEERS && !GOVERNMENT_ENGINEERS.includes(i))
    .map(withSeededContacts)
    .sort((a, b) => b.email.length - a.email.length);
  LANGUAGES.forEach((lng, i) => longEmailEngineers.set(lng, byEmail[i]!));
  expect(byEmail[1]!.email.length).toBeGreaterThan(50);
  for (const lng of LANGUAGES)
    for (const type of FLOWS) {
      // Engineers no other browser test uses: the long emails for the new building.
      const engineer =
        type === 'new'
          ? longEmailEngineers.get(lng)
          : type === 'government'
            ? splash.engineers[GOVERNMENT_ENGINEERS[lng === 'en' ? 0 : 1]!]
            : undefined;
      const nobody = { zanId: '', first: '', middle: '', last: '', phone: '' };
      const draft = completeDraft(type, nobody, splash, engineer, lng, longAnswers(splash, lng));
      draft.catch(() => {});
      drafts.set(`${lng}:${type}`, draft);
    }
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/**
 * The controls the WhatsApp button covers, each once focused (the browser scrolls a focused control into
 * view) and Save And Continue once scrolled to; empty when it covers none.
 */
function coveredByWhatsApp(page: Page, saveName: string): Promise<string[]> {
  return page.evaluate((save) => {
    const whatsapp = document.querySelector('.k-whatsapp');
    if (!whatsapp) return [];
    const overlaps = (element: Element): boolean => {
      const a = element.getBoundingClientRect();
      const b = whatsapp.getBoundingClientRect();
      return a.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    };
    const covered: string[] = [];
    const controls = [
      ...document.querySelectorAll<HTMLElement>('main input, main select, main textarea, main button, main a[href]'),
    ];
    for (const control of controls) {
      if (control.getBoundingClientRect().width === 0) continue;
      control.focus();
      if (document.activeElement === control && overlaps(control))
        covered.push(`${control.tagName.toLowerCase()} "${control.getAttribute('aria-label') ?? control.textContent}"`);
    }
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === save);
    if (button) {
      button.scrollIntoView({ block: 'end' });
      if (overlaps(button)) covered.push(`Save And Continue ("${save}")`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return covered;
  }, saveName);
}

/**
 * The text fields and lists narrower than 60 % of the screen (with their width): nested tables' cards,
 * paddings and buttons beside them once left a field ~140 px of a 360 px screen.
 */
function narrowFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const fields = document.querySelectorAll<HTMLElement>(
      'main input:not([type=radio]):not([type=checkbox]):not([type=file]):not([type=hidden]), main select, main textarea',
    );
    return [...fields]
      .map((field) => ({ id: field.id, box: field.getBoundingClientRect().width }))
      .filter(({ box }) => box > 0 && box < width * 0.6)
      .map(({ id, box }) => `#${id} ${Math.round(box)} px`);
  });
}

/** The page at each phone width fits, and the WhatsApp button covers nothing; a screenshot at 360 px. */
async function checkFits(page: Page, lng: Lng, where: string, shot: string, fields = false): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect.soft(await pastTheEdge(page), `what reaches past the right edge at ${width} px: ${where}`).toEqual([]);
    expect
      .soft(
        await coveredByWhatsApp(page, tr(lng, 'wizard.buttons.save_and_continue')),
        `what the WhatsApp button covers at ${width} px: ${where}`,
      )
      .toEqual([]);
    if (fields) expect.soft(await narrowFields(page), `fields squeezed at ${width} px: ${where}`).toEqual([]);
    if (width === 360 && TAKE_SHOTS) await page.screenshot({ path: path.join(SHOTS, `${shot}.png`), fullPage: true });
  }
}

const text = (lng: Lng, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], forms.texts[lng]) as string;

const escape = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens a saved draft in the continue form as Continue does (its answer and cookie), in `lng`. */
async function openDraft(lng: Lng, reference: string): Promise<Page> {
  const data = await continueData(reference);
  const context = await languageContext(browser, lng);
  const cookie = draftCookieOf(reference)!;
  await context.addCookies([
    { ...cookie, domain: new URL(inject('baseUrl')).hostname, path: '/api', httpOnly: true, sameSite: 'Strict' },
  ]);
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: HEIGHT });
  await page.goto('/home/landing');
  await page.evaluate(
    ([answer, number]) => {
      sessionStorage.setItem('continue_data', JSON.stringify(answer));
      localStorage.setItem('reference_number', number);
    },
    [data, reference] as const,
  );
  return page;
}

/**
 * The steps a flow's check opens: each step once per language, in the first flow that has it (the same
 * step renders the same in every flow), and the documents step of every flow (each type asks its own).
 */
function stepsToCheck(type: WizardType): string[] {
  const earlier = new Set(FLOWS.slice(0, FLOWS.indexOf(type)).flatMap((flow) => forms.flows[flow]));
  return forms.flows[type].filter(
    (step) => !earlier.has(step) || forms.steps[step]?.schema['x-step-module'] === 'documents',
  );
}

describe.each(FLOWS)('the %s flow filled with long answers', (type) => {
  test.each(LANGUAGES)(
    'in %s, every step (each once) fits 320 and 360 px and the WhatsApp button covers nothing',
    async (lng) => {
      const reference = await drafts.get(`${lng}:${type}`)!;
      const page = await openDraft(lng, reference);
      try {
        const steps = forms.flows[type];
        const toCheck = stepsToCheck(type);
        const heading = (title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });
        // Every step saved: the continue form opens on the review, whose "Change <step>" opens the first
        // step to check; Next then opens each step after it in turn, and after the last the review. The
        // app is loaded once: a step opened by Next is drawn as one opened by Change (both only choose the
        // step the wizard shows), so a reload before each (about a second each) showed nothing more.
        await page.goto('/home/continue_form');
        await heading(tr(lng, 'wizard.review.title')).waitFor();
        await page.getByRole('button', { name: new RegExp(` ${escape(text(lng, `${toCheck[0]}.title`))}$`) }).click();
        for (const [i, step] of steps.entries()) {
          if (i < steps.indexOf(toCheck[0]!)) continue;
          await heading(text(lng, `${step}.title`)).waitFor();
          if (toCheck.includes(step)) {
            await page.evaluate(() => document.fonts.ready);
            await checkFits(
              page,
              lng,
              `${type} step ${i + 1} (${step}) in ${lng}`,
              `${type}-${lng}-${i + 1}-${step}`,
              true,
            );
          }
          await page.getByRole('button', { name: tr(lng, 'wizard.buttons.next'), exact: true }).click();
        }
        await heading(tr(lng, 'wizard.review.title')).waitFor();
        await checkFits(page, lng, `${type} review in ${lng}`, `${type}-${lng}-review`);
        // On a wide screen, the list of steps: each named in words, "Step 3: Construction".
        await page.setViewportSize({ width: 1280, height: 800 });
        for (const [i, step] of forms.flows[type].entries()) {
          const name = tr(lng, 'wizard.progress.step_name', { step: i + 1, title: text(lng, `${step}.title`) });
          await page.getByRole('tab', { name, exact: true }).waitFor();
        }
        if (type === 'new')
          await page
            .getByRole('tab', { name: lng === 'en' ? 'Step 3: Construction' : 'Hatua ya 3: Ujenzi', exact: true })
            .waitFor();
      } finally {
        await page.context().close();
      }
    },
    180_000,
  );
});

describe('the dashboard of a new building filled with long answers', () => {
  test.each(LANGUAGES)(
    'in %s: every tab can be seen at once, and every tab and page fits 320 and 360 px',
    async (lng) => {
      // The new building of this language, its steps checked above, submitted.
      const reference = await drafts.get(`${lng}:new`)!;
      await callApi(
        '/application/submit_application',
        { reference_number: reference, data: {}, declaration: true },
        lng,
      );
      const context = await languageContext(browser, lng);
      const page = await context.newPage();
      try {
        await page.setViewportSize({ width: 360, height: HEIGHT });
        await page.goto('/home/login');
        await page.getByRole('textbox', { name: tr(lng, 'view.reference'), exact: true }).fill(reference);
        await page
          .getByRole('checkbox', { name: tr(lng, 'view.captcha_verified'), exact: true, checked: true })
          .waitFor();
        // The code of the SMS this sends, not of the one Continue sent before (both name the reference number).
        const sent = async () =>
          (await callApi<{ message: string }[]>('/dev/outbox')).filter((sms) => sms.message.includes(reference)).length;
        const before = await sent();
        await page.getByRole('button', { name: tr(lng, 'view.submit'), exact: true }).click();
        const code = page.getByRole('textbox', { name: tr(lng, 'view.code'), exact: true });
        await expect.poll(sent, { timeout: 30_000 }).toBeGreaterThan(before);
        await code.fill(await smsCode(reference));
        await page.getByRole('button', { name: tr(lng, 'view.verify'), exact: true }).click();
        await page.waitForURL('**/dashboard/application');

        // The support phone, hours and WhatsApp, as on the public pages.
        const contacts = page.getByRole('complementary', { name: tr(lng, 'topbar.label'), exact: true });
        await contacts.getByText(tr(lng, 'topbar.hours')).waitFor();
        expect(await contacts.getByRole('link').getAttribute('href')).toMatch(/^tel:\+?\d+$/);
        await page.getByRole('link', { name: tr(lng, 'whatsapp.button'), exact: true }).waitFor();

        await page.getByRole('tab', { selected: true }).waitFor();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          // All six tabs on the screen at once: none starts off the screen, so none needs a hint.
          const tabs = await page.getByRole('tab').evaluateAll((all) =>
            all.map((tab) => {
              const box = tab.getBoundingClientRect();
              return {
                name: tab.textContent,
                inside: box.left >= 0 && box.right <= window.innerWidth && box.width > 0,
              };
            }),
          );
          expect(tabs).toHaveLength(6);
          expect(
            tabs.filter((tab) => !tab.inside),
            `tabs off the screen at ${width} px`,
          ).toEqual([]);
        }
        await page.setViewportSize({ width: 360, height: HEIGHT });
        for (const tab of ['application', 'construction', 'attachments', 'invoices', 'notifications', 'permit']) {
          const label = tr(lng, `dashboard.tabs.${tab}`);
          await page.getByRole('tab', { name: new RegExp(`^${escape(label)}( \\(.*\\))?$`) }).click();
          await expect
            .poll(() => page.getByRole('tab', { selected: true }).textContent())
            .toMatch(new RegExp(`^${label}`));
          await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
          if (tab === 'application') await page.getByText(longEmailEngineers.get(lng)!.email).waitFor();
          await checkFits(page, lng, `dashboard tab ${tab} in ${lng}`, `dashboard-${lng}-${tab}`);
        }
        for (const route of ['profile', 'applications']) {
          await page.getByRole('link', { name: tr(lng, `dashboard.${route}`), exact: true }).click();
          await page.waitForURL(`**/dashboard/${route}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await checkFits(page, lng, `dashboard ${route} in ${lng}`, `dashboard-${lng}-${route}`);
        }
      } finally {
        await context.close();
      }
    },
    180_000,
  );
});
