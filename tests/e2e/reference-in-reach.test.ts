import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test, vi } from 'vitest';
import type { Splash } from '../../src/shared/reference-data';
import { axeCheck, callApi, useBrowser } from './browser';
import { JOURNEY_TIMEOUT_MS, smsCode, uploadAll } from './journey-helpers';
import { LANGUAGES, tr, type Lng } from './locales';

// Issue 17, item 4, in the browser at 360 px: the reference number by SMS after the first save, after
// Save & Complete Later and after Submit; Request options says the application was submitted, with a
// copy button; "Forgot your reference number?" finds it again from the ID number and the phone.

const { newPage } = useBrowser();
const PHONE_SCREEN = { width: 360, height: 780 };

interface OutboxSms {
  phone: string;
  message: string;
  purpose: string;
}

/** The outbox's SMS to `phone`, oldest first (each test has a phone of its own). */
const outboxTo = async (phone: string) =>
  (await callApi<OutboxSms[]>('/dev/outbox'))
    .filter((sms) => sms.phone === phone)
    .map(({ phone: to, message, purpose }) => ({ phone: to, message, purpose }))
    .reverse();

const heading = (page: Page, level: number, text: string) =>
  page.getByRole('heading', { level, name: text, exact: true });
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** The page is no wider than the screen: nothing to scroll sideways at 360 px. */
async function fitsTheScreen(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_SCREEN.width);
}

/** Reloads the page and waits for the step (its h2) to open again. */
async function reloadedOn(page: Page, title: string): Promise<void> {
  await page.reload();
  await heading(page, 2, title).waitFor();
}

describe.each(LANGUAGES)('the reference number stays in reach (%s)', (lng: Lng) => {
  const t = (key: string, params?: Record<string, string | number>) => tr(lng, key, params);

  test(
    'an SMS after the first save, Save & Complete Later and Submit; Request options; then found again by ID number',
    async () => {
      const phone = `0777${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      const passport = `KB${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
      const { page, context, errors } = await newPage({ language: lng, viewport: PHONE_SCREEN });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);

      // The first save: one SMS with the number and where to continue.
      await page.goto('/home/maintenance');
      await heading(page, 2, t('forms:personal.title')).waitFor();
      await page.getByRole('radio', { name: t('forms:personal.identification_type.options.passport') }).check();
      await textbox(page, t('forms:personal.passport_number.title')).fill(passport);
      await textbox(page, t('forms:personal.first_name.title')).fill('Zuhura');
      await textbox(page, t('forms:personal.last_name.title')).fill('Bakari');
      await textbox(page, t('forms:personal.phone.title')).fill(phone);
      await textbox(page, t('forms:personal.address.title')).fill('P.O. Box 7, Zanzibar');
      await textbox(page, t('forms:personal.street.title')).fill('Kikwajuni');
      await page.getByRole('button', { name: t('wizard.buttons.save_and_continue'), exact: true }).click();
      await heading(page, 2, t('forms:repair.title')).waitFor();
      const reference = (await page.evaluate(() => localStorage.getItem('reference_number')))!;
      expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      // A reload at each step reopens the draft there (issue 17, item 1; the first step is draft-continuity's).
      await reloadedOn(page, t('forms:repair.title'));
      // The SMS is tried beside the answer: wait until the outbox has it.
      await vi.waitFor(async () =>
        expect(await outboxTo(phone)).toEqual([
          {
            phone,
            purpose: 'reference_first_save',
            message: t('api:sms_reference_saved', { reference_number: reference }),
          },
        ]),
      );

      // Save & Complete Later: a second SMS, and nothing for the Save And Continue in between.
      await textbox(page, t('forms:repair.street_village.title')).fill('Kikwajuni');
      await page
        .getByRole('combobox', { name: t('forms:repair.repair_type.title') })
        .selectOption({ label: t('forms:repair.repair_type.options.roof') });
      await textbox(page, t('forms:repair.repair_description.title')).fill('Roof sheets');
      await page.getByRole('radio', { name: t('wizard.rjsf.NoLabel'), exact: true }).check();
      await page.getByRole('checkbox', { name: t('forms:repair.disclaimer_agreed.title') }).check();
      await page.getByRole('button', { name: t('wizard.buttons.save_later'), exact: true }).click();
      await heading(page, 2, t('wizard.saved.title')).waitFor();
      const later = await vi.waitFor(async () => {
        const sent = await outboxTo(phone);
        expect(sent.map((sms) => sms.purpose)).toEqual(['reference_first_save', 'reference_saved_later']);
        return sent;
      });
      expect(later[1]!.message).toBe(t('api:sms_reference_saved_later', { reference_number: reference }));

      // Back with Continue and the code; the documents, then Submit.
      await page.goto('/home/continue');
      await textbox(page, t('continue.reference')).fill(reference);
      await page.getByRole('button', { name: t('continue.send_code'), exact: true }).click();
      const continueCode = textbox(page, t('continue.code'));
      await continueCode.waitFor();
      await continueCode.fill(await smsCode(reference));
      await page.getByRole('button', { name: t('continue.verify'), exact: true }).click();
      await page.waitForURL('**/home/continue_form');
      await heading(page, 2, t('forms:uploads.title')).waitFor();
      await reloadedOn(page, t('forms:uploads.title'));
      const { normal_attachments: documents } = await callApi<Splash>('/splash/get_splash');
      await uploadAll(page, documents, lng);
      await page.getByRole('button', { name: t('wizard.buttons.save_and_continue'), exact: true }).click();
      await heading(page, 2, t('wizard.review.title')).waitFor();
      await reloadedOn(page, t('wizard.review.title'));
      await page.getByText('Kikwajuni', { exact: true }).first().waitFor();
      await page.getByRole('checkbox', { name: t('wizard.declaration.label') }).check();
      await page.getByRole('button', { name: t('wizard.buttons.submit'), exact: true }).click();
      await page.getByText(t('wizard.submitted.final', { reference_number: reference })).waitFor();
      const submitted = await vi.waitFor(async () => {
        const sent = await outboxTo(phone);
        expect(sent.at(-1)?.purpose).toBe('reference_submitted');
        return sent;
      });
      expect(submitted.at(-1)).toEqual({
        phone,
        purpose: 'reference_submitted',
        message: t('api:sms_reference_submitted', { reference_number: reference }),
      });
      // Three SMS with the number in all (and the Continue code): never one per step saved.
      expect(submitted.filter((sms) => sms.purpose.startsWith('reference_'))).toHaveLength(3);

      // After 3.5 s, Request options: the application submitted, its number, a copy button, what happens next.
      await page.waitForURL('**/home/request_options', { timeout: 15_000 });
      await heading(page, 1, t('request_options.submitted.title', { reference_number: reference })).waitFor();
      await heading(page, 2, t('request_options.submitted.next_title')).waitFor();
      await page.getByText(t('request_options.submitted.invoice'), { exact: true }).waitFor();
      await page.getByRole('button', { name: t('copy_reference.copy'), exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: t('copy_reference.copied') })
        .waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
      await fitsTheScreen(page);
      await axeCheck(page);

      // Forgot the number: from View, the ID number and the phone, the code, the application listed.
      await page.goto('/home/login');
      await page.getByRole('link', { name: t('find_reference.link'), exact: true }).click();
      await heading(page, 1, t('titles.find_reference')).waitFor();
      await axeCheck(page);
      await fitsTheScreen(page);
      await textbox(page, t('find_reference.id_number')).fill(passport.toLowerCase());
      await textbox(page, t('find_reference.phone')).fill(`+255 ${phone.slice(1, 4)} ${phone.slice(4)}`);
      await page.getByRole('button', { name: t('find_reference.send_code'), exact: true }).click();
      await page.getByText(t('find_reference.sent', { minutes: 10 })).waitFor();
      const code = textbox(page, t('find_reference.code'));
      expect(await code.evaluate((element) => element === document.activeElement)).toBe(true);
      const sms = (await outboxTo(phone)).filter((message) => message.purpose === 'find_reference');
      expect(sms).toHaveLength(1);
      expect(sms[0]!.message).not.toContain(passport);
      await code.fill(/\b(\d{6})\b/.exec(sms[0]!.message)![1]!);
      await page.getByRole('button', { name: t('find_reference.verify'), exact: true }).click();
      const results = page.getByRole('region', { name: t('find_reference.results_title') });
      await results.getByText(reference, { exact: true }).waitFor();
      await results.getByText(t('dashboard.status.submitted'), { exact: false }).waitFor();
      await axeCheck(page);
      await fitsTheScreen(page);
      await results.getByRole('link', { name: t('find_reference.view', { reference_number: reference }) }).click();
      await page.waitForURL('**/home/login');
      expect(errors.filter((error) => !/status of (404|422)/.test(error))).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
