import { describe, expect, test } from 'vitest';
import { axeCheck, useBrowser } from './browser';
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
  submitAndSeeMessage,
  uploadAll,
  Wizard,
} from './journey-helpers';

const { newPage } = useBrowser();

describe('a new building, end to end in the browser', () => {
  test(
    'in English: ZanID, engineer code, storeys and their floors, conditional answers, uploads, review, Change, Submit',
    async () => {
      const splash = await getSplash();
      const engineer = splash.engineers[0]!;
      const { page, errors } = await newPage({ language: 'en' });
      const w = new Wizard(page, 'en');
      await page.goto('/home/new');
      await page.getByRole('heading', { level: 1, name: w.t('titles.new'), exact: true }).waitFor();
      await w.onStep('personal');

      await personalWithZanid(
        w,
        { zanId: '190012345', first: 'Amina', middle: 'Khamis', last: 'Makame' },
        '0777123456',
      );
      await w.button('save_and_continue').click();
      await w.onStep('engineer');
      const reference = await page.evaluate(() => localStorage.getItem('reference_number'));
      expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      await confirmEngineer(w, engineer);
      await w.button('save_and_continue').click();

      // The error summary: an empty step refused, the summary focused, its links lead to each field.
      await w.onStep('construction');
      await page
        .getByText(w.t('wizard.progress.step', { step: 3, total: 7, title: w.title('construction') }))
        .waitFor();
      await w.button('save_and_continue').click();
      // What is required, the four yes/no questions among it: they start unanswered (issue 17).
      await w.summary(10).waitFor();
      expect(await w.isFocused(w.summary(10))).toBe(true);
      await axeCheck(page);
      await w.requiredLink('construction.current_land_use').click();
      const landUse = page.getByRole('combobox', { name: w.title('construction.current_land_use'), exact: true });
      expect(await w.isFocused(landUse)).toBe(true);
      await w.requiredLink('construction.land_area_m2').click();
      expect(await w.isFocused(w.number('construction.land_area_m2'))).toBe(true);

      // Conditional questions show once their condition holds.
      expect(await w.number('construction.storey_count').count()).toBe(0);
      expect(await w.textbox('construction.other_land_use').count()).toBe(0);
      await fillConstruction(w, {
        storeys: 2,
        otherLandUse: 'A small vegetable garden',
        parkingPlans: 'On the open ground beside the plot',
      });
      await w.button('save_and_continue').click();

      await w.onStep('construction_details');
      await fillFloorAreas(w, splash, 2);
      await w.button('save_and_continue').click();

      await w.onStep('building');
      expect(await w.textbox('building.well_owner').count()).toBe(0);
      await fillBuilding(w, 'Juma Ali Haji');
      await w.button('save_and_continue').click();

      await w.onStep('building_details');
      await fillBuildingDetails(w, splash);
      await w.button('save_and_continue').click();

      // Two storeys: every application's documents (the Sheha's letter among them) and the short list.
      await w.onStep('uploads');
      const documents = documentsFor(splash, { storeys: 2 });
      for (const document of documents)
        await page
          .getByRole('button', { name: w.t('wizard.uploads.choose', { document: document.name.en }) })
          .waitFor();
      await expect.poll(() => page.locator('input[type=file]').count()).toBe(documents.length);
      await uploadAll(page, documents);
      await axeCheck(page);
      await w.button('save_and_continue').click();

      // The review: every step with a Change link and the answers, the conditional ones included.
      await w.onReview();
      expect(await w.changeLinks().count()).toBe(7);
      for (const answer of ['Amina', 'A small vegetable garden', 'On the open ground beside the plot', 'Juma Ali Haji'])
        await page.getByText(answer, { exact: true }).waitFor();
      await page.getByText(engineer.name, { exact: true }).waitFor();

      // Change the construction, then back to the review by the stepper: the new answer is there.
      await w.change('construction').click();
      await w.heading2(w.title('construction')).waitFor();
      expect(await w.textbox('construction.ward').inputValue()).toBe('Mjini');
      await w.textbox('construction.ward').fill('Mkokotoni');
      await w.button('save_and_continue').click();
      await w.heading2(w.title('construction_details')).waitFor();
      // The floor rows kept what was typed in them.
      expect(await w.rows('construction_details.floors').count()).toBe(3);
      await w.stepperStep(w.t('wizard.review.title')).click();
      await w.onReview();
      await page.getByText('Mkokotoni', { exact: true }).waitFor();
      expect(await page.getByText('Mjini', { exact: true }).count()).toBe(0);

      const times = await submitAndSeeMessage(w, 'final', reference!);
      await movedOnAfterMessage(w, '/home/request_options', times);
      // Request options says which application was submitted (issue 17).
      await page
        .getByRole('heading', {
          level: 1,
          name: w.t('request_options.submitted.title', { reference_number: reference! }),
          exact: true,
        })
        .waitFor();
      expect(await w.storage()).toEqual({
        local_reference_number: null,
        local_continue_data: null,
        session_reference_number: null,
        session_continue_data: null,
        session_step_number: null,
      });
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'in Swahili from the start: the same journey in Swahili texts, through Submit',
    async () => {
      const splash = await getSplash();
      const engineer = splash.engineers[1]!;
      const { page, errors } = await newPage({ language: 'sw' });
      const w = new Wizard(page, 'sw');
      await page.goto('/home/new');
      await page.getByRole('heading', { level: 1, name: w.t('titles.new'), exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
      await w.onStep('personal');
      await page.getByText(w.t('wizard.progress.step', { step: 1, total: 7, title: w.title('personal') })).waitFor();

      await personalWithZanid(w, { zanId: '190023456', first: 'Juma', middle: 'Ali', last: 'Haji' }, '0713456789');
      await w.button('save_and_continue').click();
      await w.onStep('engineer');
      const reference = await page.evaluate(() => localStorage.getItem('reference_number'));
      expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      await confirmEngineer(w, engineer);
      await w.button('save_and_continue').click();

      await w.onStep('construction');
      await fillConstruction(w, { storeys: 1 });
      await w.button('save_and_continue').click();
      await w.onStep('construction_details');
      await fillFloorAreas(w, splash, 1);
      await w.button('save_and_continue').click();
      await w.onStep('building');
      await fillBuilding(w);
      await w.button('save_and_continue').click();
      await w.onStep('building_details');
      await fillBuildingDetails(w, splash);
      await w.button('save_and_continue').click();

      await w.onStep('uploads');
      await uploadAll(page, documentsFor(splash, { storeys: 1 }), 'sw');
      await axeCheck(page);
      await w.button('save_and_continue').click();

      await w.onReview();
      await page.getByText(w.t('wizard.review.intro')).waitFor();
      expect(await w.changeLinks().count()).toBe(7);
      // Answers in Swahili: the land use chosen and the floors' rooms, by their Swahili names.
      await page.getByText(w.t('forms:construction.current_land_use.options.residential'), { exact: true }).waitFor();
      // The rooms are in the floors' sentences ("…: Sebule, 20 m² …").
      await page.getByText(splash.rooms[0]!.name.sw).first().waitFor();

      const times = await submitAndSeeMessage(w, 'final', reference!);
      await movedOnAfterMessage(w, '/home/request_options', times);
      // Request options says which application was submitted (issue 17).
      await page
        .getByRole('heading', {
          level: 1,
          name: w.t('request_options.submitted.title', { reference_number: reference! }),
          exact: true,
        })
        .waitFor();
      expect(await page.evaluate(() => localStorage.getItem('reference_number'))).toBeNull();
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
