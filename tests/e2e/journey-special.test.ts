import { describe, expect, test } from 'vitest';
import { axeCheck, useBrowser } from './browser';
import {
  documentsFor,
  fillBuildingDetails,
  fillSpecialPlot,
  getSplash,
  JOURNEY_TIMEOUT_MS,
  movedOnAfterMessage,
  personalWithPassport,
  submitAndSeeMessage,
  uploadAll,
  Wizard,
} from './journey-helpers';

const { newPage } = useBrowser();

describe('a special request with no drawings, end to end in the browser', () => {
  test(
    'personal, plot, building materials, uploads, review, Submit, then View',
    async () => {
      const splash = await getSplash();
      const { page, errors } = await newPage({ language: 'en' });
      const w = new Wizard(page, 'en');
      await page.goto('/home/no_drawings');
      await page.getByRole('heading', { level: 1, name: w.t('titles.no_drawings'), exact: true }).waitFor();
      await w.onStep('personal');
      await page.getByText(w.t('wizard.progress.step', { step: 1, total: 4, title: w.title('personal') })).waitFor();

      await personalWithPassport(w, 'Salma', 'Mohamed');
      await w.button('save_and_continue').click();
      await w.onStep('special_plot');
      const reference = await page.evaluate(() => localStorage.getItem('reference_number'));
      expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      await fillSpecialPlot(w);
      await w.button('save_and_continue').click();

      await w.onStep('building_details');
      await fillBuildingDetails(w, splash);
      await w.button('save_and_continue').click();

      // No drawings: only the documents every application needs, the Sheha's letter among them.
      await w.onStep('uploads');
      const documents = documentsFor(splash, null);
      await expect.poll(() => page.locator('input[type=file]').count()).toBe(documents.length);
      await uploadAll(page, documents);
      await axeCheck(page);
      await w.button('save_and_continue').click();

      await w.onReview();
      expect(await w.changeLinks().count()).toBe(4);
      for (const answer of ['Salma', 'Bububu', w.t('forms:special_plot.how_area_was_found.options.inheritance')])
        await page.getByText(answer, { exact: true }).waitFor();

      const submitted = page.waitForRequest('**/api/application/request_noDrawings');
      const times = await submitAndSeeMessage(w, 'request', reference!);
      expect((await submitted).postDataJSON()).toMatchObject({ reference_number: reference });
      // Spec section 4: a no-drawings request goes to Login (View) 3.5 s after its message.
      await movedOnAfterMessage(w, '/home/login', times);
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
