import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Splash } from '../../src/shared/reference-data';
import { axeCheck, callApi, useBrowser } from './browser';
import { smsCode, uploadAll } from './journey-helpers';
import { tr, type Lng } from './locales';

const { newPage } = useBrowser();

const heading2 = (page: Page, text: string) => page.getByRole('heading', { level: 2, name: text, exact: true });
const button = (page: Page, lng: Lng, key: string) =>
  page.getByRole('button', { name: tr(lng, `wizard.buttons.${key}`), exact: true });
const textbox = (page: Page, lng: Lng, key: string) =>
  page.getByRole('textbox', { name: tr(lng, `forms:${key}`), exact: true });
const isFocused = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element === document.activeElement);
const summary = (page: Page, lng: Lng, count: number) =>
  page.getByRole('alert').filter({ hasText: tr(lng, 'wizard.errors.title', { count }) });

/** The validator modules the page loaded, with their Cache-Control. */
function validatorResponses(page: Page): { url: string; cacheControl: string }[] {
  const seen: { url: string; cacheControl: string }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/forms/validators/'))
      seen.push({ url: response.url(), cacheControl: response.headers()['cache-control'] ?? '' });
  });
  return seen;
}

describe('the application wizard', () => {
  test('the landing page loads no wizard code', async () => {
    const { page, errors } = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/home/landing');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /WizardPage|validators/.test(path))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('repair in English: validates under the CSP, saves personal and repair, and says what is missing', async () => {
    const { page, errors } = await newPage({ language: 'en' });
    const validators = validatorResponses(page);
    await page.goto('/home/maintenance');
    await heading2(page, tr('en', 'forms:personal.title')).waitFor();
    await axeCheck(page);

    // An empty step: the precompiled validator (no eval under script-src 'self') lists what is missing.
    await button(page, 'en', 'save_and_continue').click();
    await summary(page, 'en', 6).waitFor();
    expect(await isFocused(page, '[role=alert][tabindex="-1"]')).toBe(true);
    const required = tr('en', 'validation:required');
    const firstName = page.getByRole('link', { name: `${tr('en', 'forms:personal.first_name.title')}: ${required}` });
    expect(await firstName.getAttribute('href')).toBe('#root_first_name');
    await firstName.click();
    expect(await isFocused(page, '#root_first_name')).toBe(true);
    await axeCheck(page);

    await page.getByRole('radio', { name: tr('en', 'forms:personal.identification_type.options.passport') }).check();
    await textbox(page, 'en', 'personal.passport_number.title').fill('AB123456');
    await textbox(page, 'en', 'personal.first_name.title').fill('Asha');
    await textbox(page, 'en', 'personal.last_name.title').fill('Juma');
    await textbox(page, 'en', 'personal.phone.title').fill('0777123456');
    await textbox(page, 'en', 'personal.address.title').fill('P.O. Box 1234, Zanzibar');
    await textbox(page, 'en', 'personal.street.title').fill('Mlandege');
    await button(page, 'en', 'save_and_continue').click();

    await heading2(page, tr('en', 'forms:repair.title')).waitFor();
    const reference = await page.evaluate(() => localStorage.getItem('reference_number'));
    expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(await page.evaluate(() => sessionStorage.getItem('step_number'))).toBe('2');
    await page.getByText(tr('en', 'wizard.progress.saved', { done: 1, total: 3 })).waitFor();
    await axeCheck(page);

    await textbox(page, 'en', 'repair.street_village.title').fill('Mkunazini');
    await page
      .getByRole('combobox', { name: tr('en', 'forms:repair.repair_type.title') })
      .selectOption({ label: tr('en', 'forms:repair.repair_type.options.roof') });
    await textbox(page, 'en', 'repair.repair_description.title').fill('Replace the iron sheets of the roof.');
    await page.getByRole('radio', { name: tr('en', 'wizard.rjsf.NoLabel'), exact: true }).check();
    await button(page, 'en', 'save_and_continue').click();
    // The disclaimer is required (const true): not ticked, the step is refused.
    await summary(page, 'en', 1).waitFor();
    await page.getByRole('checkbox', { name: tr('en', 'forms:repair.disclaimer_agreed.title') }).check();
    await button(page, 'en', 'save_and_continue').click();

    await heading2(page, tr('en', 'forms:uploads.title')).waitFor();
    await page.getByText(tr('en', 'wizard.progress.saved', { done: 2, total: 3 })).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('reference_number'))).toBe(reference);
    await axeCheck(page);

    // Nothing uploaded yet: the review lists every answer, and Submit says which documents are missing.
    await button(page, 'en', 'save_and_continue').click();
    await heading2(page, tr('en', 'wizard.review.title')).waitFor();
    expect(await page.getByRole('button', { name: new RegExp(`^${tr('en', 'wizard.review.change')}`) }).count()).toBe(
      3,
    );
    await page.getByText('Mlandege', { exact: true }).waitFor();
    await axeCheck(page);
    await page.getByRole('checkbox', { name: tr('en', 'wizard.declaration.label') }).check();
    await button(page, 'en', 'submit').click();
    const { normal_attachments: documents } = await callApi<Splash>('/splash/get_splash');
    await summary(page, 'en', documents.length).waitFor();
    const missing = `${documents[0]!.name.en}: ${required}`;
    await page.getByRole('button', { name: missing }).click();

    // Back on the uploads step: a file the browser refuses, then every document uploaded for real.
    await heading2(page, tr('en', 'forms:uploads.title')).waitFor();
    const first = documents[0]!;
    await page.locator(`input[type=file][data-document=${first.code}]`).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a document'),
    });
    const types = first.accept.map((type) => type.split('/')[1]!.toUpperCase()).join(', ');
    await page.getByText(tr('en', 'wizard.uploads.wrong_type', { types })).waitFor();
    await uploadAll(page, documents);
    await axeCheck(page);
    await button(page, 'en', 'save_and_continue').click();
    await heading2(page, tr('en', 'wizard.review.title')).waitFor();
    await page.getByRole('checkbox', { name: tr('en', 'wizard.declaration.label') }).check();
    await button(page, 'en', 'submit').click();
    await page.getByText(tr('en', 'wizard.submitted.request', { reference_number: reference! })).waitFor();
    // Spec section 4: after 3.5 s the request's form is cleared and the page goes to Login.
    await page.waitForURL('**/home/login', { timeout: 10_000 });

    expect(validators.map((v) => new URL(v.url).pathname)).toEqual([
      '/api/forms/validators/personal.js',
      '/api/forms/validators/repair.js',
      '/api/forms/validators/uploads.js',
    ]);
    for (const v of validators) expect(v.cacheControl).toContain('immutable');
    // No console error (in particular no CSP violation) but the browser's note of the refused Submit.
    const refused = (e: string) => e.includes('status of 422') && e.includes('/api/application/request_maintainence');
    expect(errors.filter((e) => !refused(e))).toEqual([]);
    expect(errors.filter(refused)).toHaveLength(1);
  });

  test('ZanID verified, Save & Complete Later, then Continue with the SMS code reopens at the next step', async () => {
    const { page, errors } = await newPage({ language: 'en' });
    await page.goto('/home/maintenance');
    await heading2(page, tr('en', 'forms:personal.title')).waitFor();
    await page.getByRole('radio', { name: tr('en', 'forms:personal.identification_type.options.zanid') }).check();
    await textbox(page, 'en', 'personal.zan_id.title').fill('190012345');
    await textbox(page, 'en', 'personal.phone.title').fill('0777123456');
    await textbox(page, 'en', 'personal.address.title').fill('P.O. Box 1234, Zanzibar');
    await textbox(page, 'en', 'personal.street.title').fill('Mlandege');
    // Not verified yet: the step is refused with that reason.
    await button(page, 'en', 'save_and_continue').click();
    const verifyFirst = `${tr('en', 'forms:personal.zan_id.title')}: ${tr('en', 'wizard.zanid.verify_first')}`;
    await page.getByRole('link', { name: verifyFirst }).waitFor();
    await page.getByRole('button', { name: tr('en', 'wizard.zanid.verify'), exact: true }).click();
    await page.getByText(tr('en', 'wizard.zanid.verified', { name: 'Amina Khamis Makame' })).waitFor();
    expect(await textbox(page, 'en', 'personal.first_name.title').inputValue()).toBe('Amina');
    expect(await textbox(page, 'en', 'personal.middle_name.title').inputValue()).toBe('Khamis');
    expect(await textbox(page, 'en', 'personal.last_name.title').inputValue()).toBe('Makame');
    expect(await textbox(page, 'en', 'personal.last_name.title').isEditable()).toBe(false);
    await axeCheck(page);

    await button(page, 'en', 'save_later').click();
    await page.getByRole('heading', { level: 2, name: tr('en', 'wizard.saved.title') }).waitFor();
    const reference = (await page.locator('#reference-number').textContent())!.trim();
    expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);

    // Another session: the applicant comes back with the number, typed loosely.
    const later = await newPage({ language: 'en' });
    await later.page.goto('/home/continue');
    await later.page.getByRole('heading', { level: 1, name: tr('en', 'titles.continue') }).waitFor();
    await axeCheck(later.page);
    const field = later.page.getByRole('textbox', { name: tr('en', 'continue.reference'), exact: true });
    await field.fill('ZZZZZ-ZZZZZ');
    await later.page.getByRole('button', { name: tr('en', 'continue.send_code') }).click();
    await later.page.locator('#continue-reference-helper-text[role=alert]').waitFor();
    await field.fill(` ${reference.toLowerCase().replace('-', ' ')} `);
    await later.page.getByRole('button', { name: tr('en', 'continue.send_code') }).click();
    const code = later.page.getByRole('textbox', { name: tr('en', 'continue.code'), exact: true });
    await code.waitFor();
    await axeCheck(later.page);
    await code.fill(await smsCode(reference));
    await later.page.getByRole('button', { name: tr('en', 'continue.verify') }).click();

    await later.page.waitForURL('**/home/continue_form');
    await heading2(later.page, tr('en', 'forms:repair.title')).waitFor();
    await later.page.getByText(tr('en', 'wizard.progress.saved', { done: 1, total: 3 })).waitFor();
    expect(await later.page.evaluate(() => localStorage.getItem('reference_number'))).toBe(reference);
    // The step to open next, as verify_code and save_and_continue both answer it: step 2 of the repair flow.
    expect(await later.page.evaluate(() => sessionStorage.getItem('step_number'))).toBe('2');
    // Kept for the tab only: nothing personal outlives it on a shared phone.
    expect(await later.page.evaluate(() => localStorage.getItem('continue_data'))).toBeNull();
    expect(await later.page.evaluate(() => JSON.parse(sessionStorage.getItem('continue_data') ?? '{}'))).toMatchObject({
      reference_number: reference,
      application_type: 'repair',
      data: { personal: { zan_id: '190012345', first_name: 'Amina', last_name: 'Makame' } },
    });
    await axeCheck(later.page);
    // A reload of the continue form reopens the same step.
    await later.page.reload();
    await heading2(later.page, tr('en', 'forms:repair.title')).waitFor();

    // The continued draft is completed and submitted (submit_application), then the final-save redirect.
    const p2 = later.page;
    await textbox(p2, 'en', 'repair.street_village.title').fill('Mkunazini');
    await p2
      .getByRole('combobox', { name: tr('en', 'forms:repair.repair_type.title') })
      .selectOption({ label: tr('en', 'forms:repair.repair_type.options.roof') });
    await textbox(p2, 'en', 'repair.repair_description.title').fill('Replace the iron sheets of the roof.');
    await p2.getByRole('radio', { name: tr('en', 'wizard.rjsf.NoLabel'), exact: true }).check();
    await p2.getByRole('checkbox', { name: tr('en', 'forms:repair.disclaimer_agreed.title') }).check();
    await button(p2, 'en', 'save_and_continue').click();
    await heading2(p2, tr('en', 'forms:uploads.title')).waitFor();
    const { normal_attachments: documents } = await callApi<Splash>('/splash/get_splash');
    await uploadAll(p2, documents);
    await button(p2, 'en', 'save_and_continue').click();
    await heading2(p2, tr('en', 'wizard.review.title')).waitFor();
    const submitted = p2.waitForRequest('**/api/application/submit_application');
    await p2.getByRole('checkbox', { name: tr('en', 'wizard.declaration.label') }).check();
    await button(p2, 'en', 'submit').click();
    expect((await submitted).postDataJSON()).toMatchObject({ reference_number: reference });
    await p2.getByText(tr('en', 'wizard.submitted.final', { reference_number: reference })).waitFor();
    await p2.waitForURL('**/home/request_options', { timeout: 10_000 });
    expect(await p2.evaluate(() => localStorage.getItem('continue_data'))).toBeNull();
    const refused = (e: string) => /status of (404|422)/.test(e);
    expect(errors.filter((e) => !refused(e))).toEqual([]);
    expect(later.errors.filter((e) => !refused(e))).toEqual([]);
  });

  test('new application in Swahili: the first step, its errors, and axe', async () => {
    const { page, errors } = await newPage({ language: 'sw' });
    await page.goto('/home/new');
    await heading2(page, tr('sw', 'forms:personal.title')).waitFor();
    await axeCheck(page);
    await button(page, 'sw', 'save_and_continue').click();
    await summary(page, 'sw', 6).waitFor();
    const link = `${tr('sw', 'forms:personal.last_name.title')}: ${tr('sw', 'validation:required')}`;
    await page.getByRole('link', { name: link }).waitFor();
    await axeCheck(page);
    expect(errors).toEqual([]);
  });
});
