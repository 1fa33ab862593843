import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { RequiredDocument } from '../../src/shared/reference-data';
import { formatSize } from '../../src/shared/text-format';
import { axeCheck, useBrowser } from './browser';
import {
  confirmEngineer,
  documentsFor,
  fillBuilding,
  fillBuildingDetails,
  fillConstruction,
  fillFloorAreas,
  fileFor,
  fillSpecialPlot,
  getSplash,
  JOURNEY_TIMEOUT_MS,
  personalWithPassport,
  personalWithZanid,
  smsCode,
  submitAndSeeMessage,
  uploadAll,
  Wizard,
} from './journey-helpers';

/**
 * Issue 17, items 1 and 2, at phone width: a reload, a Back and a return in the same browser reopen
 * the draft at the step the applicant was on with everything saved so far (never a second draft), and
 * Save & Complete Later keeps a half-filled step, unfinished, and always shows the reference number.
 */

const { newPage } = useBrowser();
const PHONE = { width: 360, height: 740 };

const storedReference = (page: Page) => page.evaluate(() => localStorage.getItem('reference_number'));

/** The review shows each document's file by its name and size ('document.pdf, 68 B'), never only "Uploaded". */
async function reviewNamesFiles(w: Wizard, documents: RequiredDocument[], lng: 'en' | 'sw'): Promise<void> {
  for (const document of documents) {
    const file = fileFor(document);
    const value = w.t('wizard.review.document_file', { name: file.name, size: formatSize(file.buffer.length, lng) });
    const label = w.page.getByText(document.name[lng], { exact: true }).last();
    await label.waitFor();
    expect(await label.evaluate((dt) => dt.nextElementSibling?.textContent)).toBe(value);
  }
  expect(await w.page.getByText(w.t('wizard.review.uploaded'), { exact: true }).count()).toBe(0);
}

describe('the applicant never loses their place, their answers or their reference number', () => {
  test(
    'in Swahili, a new building: a reload at every step reopens it there, a Back and a new tab too, one draft throughout',
    async () => {
      const splash = await getSplash();
      const engineer = splash.engineers[4]!;
      const { page, context, errors } = await newPage({ language: 'sw', viewport: PHONE });
      const w = new Wizard(page, 'sw');
      const saved = (done: number) => page.getByText(w.t('wizard.progress.saved', { done, total: 7 })).waitFor();
      await page.goto('/home/new');
      await w.onStep('personal');
      // Nothing saved yet: a reload shows the empty first step, and no notice.
      await w.reloadedOn('personal');
      await saved(0);

      await personalWithZanid(
        w,
        { zanId: '190012345', first: 'Amina', middle: 'Khamis', last: 'Makame' },
        '0777123456',
      );
      await w.button('save_and_continue').click();
      await w.onStep('engineer');
      const reference = await storedReference(page);
      expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      await w.reloadedOn('engineer');
      await saved(1);
      // Back to the first step: its saved answers are there; a reload stays on the step the applicant was on.
      await w.button('previous').click();
      await w.onStep('personal');
      expect(await w.textbox('personal.first_name').inputValue()).toBe('Amina');
      await w.reloadedOn('personal');
      expect(await w.textbox('personal.street').inputValue()).toBe('Mlandege');
      await w.button('next').click();
      await w.onStep('engineer');

      await confirmEngineer(w, engineer);
      await w.button('save_and_continue').click();
      await w.onStep('construction');
      await w.reloadedOn('construction');
      await saved(2);
      await fillConstruction(w, { storeys: 1 });
      await w.button('save_and_continue').click();

      await w.onStep('construction_details');
      await w.reloadedOn('construction_details');
      await saved(3);
      await fillFloorAreas(w, splash, 1);
      await w.button('save_and_continue').click();

      await w.onStep('building');
      await w.reloadedOn('building');
      await fillBuilding(w);
      await w.button('save_and_continue').click();

      await w.onStep('building_details');
      await w.reloadedOn('building_details');
      await saved(5);
      await fillBuildingDetails(w, splash);
      await w.button('save_and_continue').click();

      await w.onStep('uploads');
      await w.reloadedOn('uploads');
      await saved(6);
      const documents = documentsFor(splash, { storeys: 1 });
      await uploadAll(page, documents, 'sw');
      // A reload before the step is saved: every file uploaded is there again, by its name and size.
      await w.reloadedOn('uploads');
      for (const document of documents)
        await page
          .getByRole('button', { name: w.t('wizard.uploads.replace', { document: document.name.sw }) })
          .waitFor();
      for (const file of new Set(documents.map(fileFor)))
        await page
          .getByText(w.t('wizard.uploads.uploaded_file', { name: file.name, size: `${file.buffer.length} B` }))
          .first()
          .waitFor();
      await w.button('save_and_continue').click();
      await w.onReview();
      await page.reload();
      await w.onReview();
      await page.getByText('Amina', { exact: true }).waitFor();
      // The review names each document's file with its size, after the reload as before it.
      await reviewNamesFiles(w, documents, 'sw');

      // Leaving and coming back with the browser's Back.
      await page.goto('/home/about');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.goBack();
      await w.onReview();

      // A return in a new tab of the same browser (no tab storage): the draft opens where it stands.
      const tab = await context.newPage();
      const w2 = new Wizard(tab, 'sw');
      await tab.goto('/home/new');
      await w2.onReview();
      await tab.getByText('Mlandege', { exact: true }).first().waitFor();
      await tab.close();

      // The same draft all along; Submit submits it.
      expect(await storedReference(page)).toBe(reference);
      await submitAndSeeMessage(w, 'final', reference!);
      expect(await page.evaluate(() => localStorage.getItem('open_draft'))).toBeNull();
      // Nothing personal in storage that outlives the tab.
      const persistent = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      for (const personal of ['Amina', '190012345', '0777123456', 'Mlandege'])
        expect(persistent).not.toContain(personal);
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS * 2,
  );

  test(
    'in English, a repair: Save & Complete Later of a half-filled step gives the number, keeps the answers unfinished; another browser is offered Continue',
    async () => {
      const { page, context, errors } = await newPage({ language: 'en', viewport: PHONE });
      const w = new Wizard(page, 'en');
      await page.goto('/home/maintenance');
      await w.onStep('personal');
      await w.option('personal.identification_type', 'passport').check();
      await w.textbox('personal.first_name').fill('Halima');
      await w.textbox('personal.phone').fill('+255777654321');

      // Half filled: Save & Complete Later saves it all the same.
      await w.button('save_later').click();
      await w.heading2(w.t('wizard.saved.title')).waitFor();
      const reference = (await page.locator('#reference-number').textContent())!.trim();
      expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      await page.getByText(w.t('wizard.saved.unfinished')).waitFor();
      await axeCheck(page);

      // Keep filling in: what was typed is there, the step is not saved, Next does not open the next one.
      await page.getByRole('button', { name: w.t('wizard.saved.resume'), exact: true }).click();
      await w.onStep('personal');
      expect(await w.textbox('personal.first_name').inputValue()).toBe('Halima');
      await page.getByText(w.t('wizard.progress.saved', { done: 0, total: 3 })).waitFor();
      expect(await w.button('next').count()).toBe(0);

      // A reload: the same, from the server.
      await w.reloadedOn('personal');
      expect(await w.textbox('personal.first_name').inputValue()).toBe('Halima');
      expect(await w.textbox('personal.phone').inputValue()).toBe('+255777654321');
      await page.getByText(w.t('wizard.progress.saved', { done: 0, total: 3 })).waitFor();
      expect(await w.button('next').count()).toBe(0);
      // Save And Continue still refuses the step until it is valid.
      await w.button('save_and_continue').click();
      await w.requiredLink('personal.last_name').waitFor();

      await w.textbox('personal.passport_number').fill('AB123456');
      await w.textbox('personal.last_name').fill('Said');
      await w.textbox('personal.address').fill('P.O. Box 99, Pemba');
      await w.textbox('personal.street').fill('Chake Chake');
      await w.button('save_and_continue').click();
      await w.onStep('repair');
      await page.getByText(w.t('wizard.progress.saved', { done: 1, total: 3 })).waitFor();
      expect(await storedReference(page)).toBe(reference);

      // Another browser that has the reference number in its storage but not the draft's cookie.
      const other = await newPage({ language: 'en', viewport: PHONE });
      await other.page.goto('/');
      await other.page.evaluate(
        ([number]) =>
          localStorage.setItem('open_draft', JSON.stringify({ reference_number: number, application_type: 'repair' })),
        [reference],
      );
      await other.page.goto('/home/maintenance');
      await other.page.getByRole('heading', { level: 2, name: w.t('wizard.reopen.unavailable_title') }).waitFor();
      await axeCheck(other.page);
      // Nothing of the draft is shown, and nothing was saved meanwhile.
      expect(await other.page.getByText('Halima').count()).toBe(0);
      const continueLink = other.page.getByRole('link', {
        name: w.t('wizard.reopen.continue', { reference_number: reference }),
      });
      await continueLink.click();
      await other.page.waitForURL('**/home/continue?*');
      const field = other.page.getByRole('textbox', { name: w.t('continue.reference'), exact: true });
      expect(await field.inputValue()).toBe(reference);
      await other.page.getByRole('button', { name: w.t('continue.send_code') }).click();
      const code = other.page.getByRole('textbox', { name: w.t('continue.code'), exact: true });
      // The code's field shows once the server has answered: the SMS was sent by then.
      await code.waitFor();
      await code.fill(await smsCode(reference));
      await other.page.getByRole('button', { name: w.t('continue.verify') }).click();
      await other.page.waitForURL('**/home/continue_form');
      const o = new Wizard(other.page, 'en');
      await o.onStep('repair');
      // The continue form: a reload, and a return in a new tab, reopen it there.
      await o.reloadedOn('repair');
      const tab = await other.context.newPage();
      const t2 = new Wizard(tab, 'en');
      await tab.goto('/home/continue_form');
      await t2.onStep('repair');
      await t2.button('previous').click();
      await t2.onStep('personal');
      expect(await t2.textbox('personal.first_name').inputValue()).toBe('Halima');

      // In the first browser, Start a new application after a notice is explicit: a fresh, empty step.
      await context.clearCookies();
      await page.reload();
      await page.getByRole('heading', { level: 2, name: w.t('wizard.reopen.unavailable_title') }).waitFor();
      await page.getByRole('button', { name: w.t('wizard.reopen.start_new'), exact: true }).click();
      await w.onStep('personal');
      expect(await w.textbox('personal.first_name').inputValue()).toBe('');
      expect(await page.evaluate(() => localStorage.getItem('open_draft'))).toBeNull();
      const refused = (e: string) => /status of 404/.test(e);
      expect(errors.filter((e) => !refused(e))).toEqual([]);
      expect(other.errors.filter((e) => !refused(e))).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
  test(
    'in English, a special request: a reload at every step reopens it there; in Swahili, a government building saved later half filled reopens with what was typed',
    async () => {
      const splash = await getSplash();
      const { page, errors } = await newPage({ language: 'en', viewport: PHONE });
      const w = new Wizard(page, 'en');
      await page.goto('/home/no_drawings');
      await w.onStep('personal');
      await personalWithPassport(w, 'Salma', 'Mohamed');
      await w.button('save_and_continue').click();
      await w.onStep('special_plot');
      const reference = await storedReference(page);
      await w.reloadedOn('special_plot');
      await page.getByText(w.t('wizard.progress.saved', { done: 1, total: 4 })).waitFor();
      await fillSpecialPlot(w);
      await w.button('save_and_continue').click();
      await w.onStep('building_details');
      await w.reloadedOn('building_details');
      await fillBuildingDetails(w, splash);
      await w.button('save_and_continue').click();
      await w.onStep('uploads');
      await w.reloadedOn('uploads');
      await page.getByText(w.t('wizard.progress.saved', { done: 3, total: 4 })).waitFor();
      await uploadAll(page, documentsFor(splash, null));
      await w.button('save_and_continue').click();
      await w.onReview();
      await page.reload();
      await w.onReview();
      await page.getByText('Bububu', { exact: true }).waitFor();
      await reviewNamesFiles(w, documentsFor(splash, null), 'en');
      expect(await storedReference(page)).toBe(reference);
      await submitAndSeeMessage(w, 'request', reference!);
      expect(errors).toEqual([]);

      // A government building, in Swahili: the first step filled, the construction step half filled.
      const gov = await newPage({ language: 'sw', viewport: PHONE });
      const g = new Wizard(gov.page, 'sw');
      await gov.page.goto('/home/new?type=government');
      await g.onStep('personal');
      await personalWithPassport(g, 'Mwanaisha', 'Omar');
      await g.button('save_and_continue').click();
      await g.onStep('engineer');
      await g.reloadedOn('engineer');
      await confirmEngineer(g, splash.engineers[5]!);
      await g.button('save_and_continue').click();
      await g.onStep('construction');
      await g.textbox('construction.shehia').fill('Mlandege');
      await g.button('save_later').click();
      await g.heading2(g.t('wizard.saved.title')).waitFor();
      const number = (await gov.page.locator('#reference-number').textContent())!.trim();
      await gov.page.getByText(g.t('wizard.saved.unfinished')).waitFor();
      // A return in a new tab: the half-filled step, as typed, still unfinished.
      const tab = await gov.context.newPage();
      const t2 = new Wizard(tab, 'sw');
      await tab.goto('/home/new?type=government');
      await t2.onStep('construction');
      expect(await t2.textbox('construction.shehia').inputValue()).toBe('Mlandege');
      await tab.getByText(t2.t('wizard.progress.saved', { done: 2, total: 7 })).waitFor();
      expect(await t2.button('next').count()).toBe(0);
      expect(await tab.evaluate(() => localStorage.getItem('reference_number'))).toBe(number);
      expect(gov.errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS * 2,
  );
});
