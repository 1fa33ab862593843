import { describe, expect, test } from 'vitest';
import { useBrowser } from './browser';
import {
  documentsFor,
  fileFor,
  fillBuildingDetails,
  getSplash,
  JOURNEY_TIMEOUT_MS,
  personalWithPassport,
  uploadAll,
  Wizard,
} from './journey-helpers';
import { LANGUAGES } from './locales';

// Issue 17, items 5, 6 and 8 at phone width (360 px), in both languages: the plot's declarations start
// unanswered and cannot be saved so; the error of one goes once it is answered; the review shows the
// documents by name with their file and size, and the sum of money grouped in TZS.

const { newPage } = useBrowser();
const PHONE = { width: 360, height: 740 };
const DECLARATIONS = [
  'three_acre_area',
  'government_area',
  'agricultural_area',
  'flood_area',
  'near_water_or_power_source',
];

describe.each(LANGUAGES)('declarations and the review at 360 px (%s)', (lng) => {
  test(
    'no yes/no starts answered, none is saved unanswered, and the review says what will be sent',
    async () => {
      const splash = await getSplash();
      const { page, errors } = await newPage({ language: lng, viewport: PHONE });
      const w = new Wizard(page, lng);
      const saves: unknown[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/application/save_and_continue')) saves.push(request.postDataJSON());
      });
      await page.goto('/home/no_drawings');
      await w.onStep('personal');
      await personalWithPassport(w, 'Salma', 'Mohamed');
      await w.button('save_and_continue').click();
      await w.onStep('special_plot');

      // Every yes/no question opens with no option chosen.
      for (const flag of DECLARATIONS) {
        const group = page.getByRole('radiogroup', { name: w.title(`special_plot.${flag}`), exact: true });
        expect(await group.getByRole('radio').count()).toBe(2);
        expect(await group.locator('input:checked').count()).toBe(0);
      }
      await w.textbox('special_plot.street_village').fill('Bububu');
      await w.select('special_plot.how_area_was_found', w.t('forms:special_plot.how_area_was_found.options.gift'));
      await w.number('special_plot.length_m').fill('20');
      await w.number('special_plot.width_m').fill('15');
      await w.number('special_plot.area_m2').fill('300');
      for (const side of ['north', 'south', 'east', 'west'])
        await w.textbox(`special_plot.${side}_boundary`).fill(`Plot to the ${side}`);
      for (const flag of ['three_acre_area', 'government_area', 'agricultural_area'])
        await w.yesNo(`special_plot.${flag}`, false);
      await w.yesNo('special_plot.near_water_or_power_source', true);
      await w.textbox('special_plot.electricity_service').fill('ZECO line on the road');
      await w.textbox('special_plot.water_service').fill('ZAWA pipe on the road');
      await w.number('special_plot.distance_to_services_m').fill('30');
      await w.textbox('special_plot.sewage').fill('Septic tank');
      await w.textbox('special_plot.rain_management').fill('Soak pit');

      // "Does the area flood?" left unanswered: the step is not saved, and says so.
      const sent = saves.length;
      await w.button('save_and_continue').click();
      const flood = `${w.title('special_plot.flood_area')}: ${w.t('validation:required')}`;
      const summary = page.getByRole('alert').filter({ hasText: w.t('wizard.errors.title', { count: 1 }) });
      await summary.getByRole('link', { name: flood, exact: true }).waitFor();
      expect(saves.length).toBe(sent);
      // Answered, its error goes from the field and the summary.
      await w.yesNo('special_plot.flood_area', false);
      await summary.waitFor({ state: 'detached' });
      await w.button('save_and_continue').click();
      await w.onStep('building_details');
      const plot = (saves.at(-1) as { data: Record<string, unknown> }).data;
      expect(Object.fromEntries(DECLARATIONS.map((flag) => [flag, plot[flag]]))).toEqual({
        three_acre_area: false,
        government_area: false,
        agricultural_area: false,
        flood_area: false,
        near_water_or_power_source: true,
      });

      await fillBuildingDetails(w, splash);
      await w.button('save_and_continue').click();
      await w.onStep('uploads');
      const documents = documentsFor(splash, null);
      await uploadAll(page, documents, lng);
      await w.button('save_and_continue').click();

      await w.onReview();
      const review = page.locator('main');
      await review.getByText('85,000,000 TZS', { exact: true }).waitFor();
      for (const document of documents) {
        const file = fileFor(document);
        const label = review.locator('dt', { hasText: document.name[lng] });
        expect(await label.count()).toBeGreaterThan(0);
        await review
          .getByText(w.t('wizard.review.document_file', { name: file.name, size: `${file.buffer.length} B` }))
          .first()
          .waitFor();
      }
      expect(await review.textContent()).not.toMatch(/\{\{|\}\}/);
      // Reflows at 360 px: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(errors).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
