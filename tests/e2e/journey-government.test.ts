import { describe, expect, test } from 'vitest';
import { axeCheck, pathOf, useBrowser } from './browser';
import {
  confirmEngineer,
  documentsFor,
  fillBuilding,
  fillBuildingDetails,
  fillConstruction,
  fillFloorAreas,
  getSplash,
  JOURNEY_TIMEOUT_MS,
  movedOnAfterMessage,
  personalWithZanid,
  smsCode,
  submitAndSeeMessage,
  uploadAll,
  Wizard,
} from './journey-helpers';

const { newPage } = useBrowser();

describe('a government application, end to end in the browser', () => {
  test(
    'chosen on Request, saved for later half way, continued with the reference number and the SMS code, submitted',
    async () => {
      const splash = await getSplash();
      const engineer = splash.engineers[2]!;
      const storeys = 4;
      const first = await newPage({ language: 'en' });
      const w = new Wizard(first.page, 'en');
      await first.context.grantPermissions(['clipboard-read', 'clipboard-write']);

      // Request: the government card's Start.
      await first.page.goto('/home/request');
      await first.page.getByRole('heading', { level: 1, name: w.t('request.title'), exact: true }).waitFor();
      await axeCheck(first.page);
      const card = first.page
        .getByRole('listitem')
        .filter({ has: first.page.getByRole('heading', { name: w.t('request.types.government.title'), exact: true }) });
      await card.getByRole('link', { name: w.t('request.choose'), exact: true }).click();
      await first.page.waitForURL('**/home/new?type=government');
      await first.page.getByRole('heading', { level: 1, name: w.t('wizard.government_title'), exact: true }).waitFor();

      await w.onStep('personal');
      await personalWithZanid(
        w,
        { zanId: '190034567', first: 'Mwanaisha', middle: 'Said', last: 'Omar' },
        '0622334455',
      );
      await w.button('save_and_continue').click();
      await w.onStep('engineer');
      // A reload at every step reopens the draft there, with what was saved (issue 17, item 1).
      await w.reloadedOn('engineer');
      await confirmEngineer(w, engineer);
      await w.button('save_and_continue').click();
      await w.onStep('construction');
      await w.reloadedOn('construction');
      await fillConstruction(w, { storeys });
      await w.button('save_and_continue').click();
      await w.onStep('construction_details');
      await w.reloadedOn('construction_details');
      await fillFloorAreas(w, splash, storeys);
      await w.button('save_and_continue').click();

      // Half way: the building step filled in, then Save & Complete Later.
      await w.onStep('building');
      await w.reloadedOn('building');
      await fillBuilding(w);
      await w.button('save_later').click();
      await w.heading2(w.t('wizard.saved.title')).waitFor();
      const number = first.page.locator('#reference-number');
      const reference = (await number.textContent())!.trim();
      expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      expect(reference).toBe(await first.page.evaluate(() => localStorage.getItem('reference_number')));
      // Shown large (at least 28 px), and copied by its button.
      const size = await number.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect(size).toBeGreaterThanOrEqual(28);
      await axeCheck(first.page);
      await first.page.getByRole('button', { name: w.t('copy_reference.copy'), exact: true }).click();
      await first.page
        .getByRole('status')
        .filter({ hasText: w.t('copy_reference.copied') })
        .waitFor();
      expect(await first.page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
      await axeCheck(first.page);

      // Later, another browser session: Continue with the number and the code sent to the saved phone.
      const later = await newPage({ language: 'en' });
      const w2 = new Wizard(later.page, 'en');
      await later.page.goto('/home/continue');
      await later.page.getByRole('heading', { level: 1, name: w2.t('titles.continue'), exact: true }).waitFor();
      await axeCheck(later.page);
      await later.page.getByRole('textbox', { name: w2.t('continue.reference'), exact: true }).fill(reference);
      await later.page.getByRole('button', { name: w2.t('continue.send_code'), exact: true }).click();
      const code = later.page.getByRole('textbox', { name: w2.t('continue.code'), exact: true });
      await code.waitFor();
      await axeCheck(later.page);
      await code.fill(await smsCode(reference));
      await later.page.getByRole('button', { name: w2.t('continue.verify'), exact: true }).click();

      // The continue form opens at the first step not saved yet, with what was saved.
      await later.page.waitForURL('**/home/continue_form');
      await later.page.getByRole('heading', { level: 1, name: w2.t('titles.continue_form'), exact: true }).waitFor();
      await w2.onStep('building_details');
      await w2.reloadedOn('building_details');
      await later.page.getByText(w2.t('wizard.progress.saved', { done: 5, total: 7 })).waitFor();
      expect(
        await later.page.evaluate(() => JSON.parse(sessionStorage.getItem('continue_data') ?? '{}')),
      ).toMatchObject({
        reference_number: reference,
        application_type: 'government',
        data: { construction: { has_storeys: true, storey_count: storeys } },
      });
      await fillBuildingDetails(w2, splash);
      await w2.button('save_and_continue').click();

      // More than three storeys: the longer list of documents, with the Sheha's letter.
      await w2.onStep('uploads');
      await w2.reloadedOn('uploads');
      const documents = documentsFor(splash, { storeys });
      await expect.poll(() => later.page.locator('input[type=file]').count()).toBe(documents.length);
      await uploadAll(later.page, documents);
      await axeCheck(later.page);
      await w2.button('save_and_continue').click();

      await w2.onReview();
      await later.page.reload();
      await w2.onReview();
      expect(await w2.changeLinks().count()).toBe(7);
      await later.page.getByText('Mwanaisha', { exact: true }).waitFor();
      const submitted = later.page.waitForRequest('**/api/application/submit_application');
      const times = await submitAndSeeMessage(w2, 'final', reference);
      expect((await submitted).postDataJSON()).toMatchObject({ reference_number: reference });
      await movedOnAfterMessage(w2, '/home/request_options', times);
      expect(pathOf(later.page)).toBe('/home/request_options');
      expect(await w2.storage()).toEqual({
        local_reference_number: null,
        local_continue_data: null,
        session_reference_number: null,
        session_continue_data: null,
        session_step_number: null,
      });
      expect(first.errors).toEqual([]);
      expect(later.errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
