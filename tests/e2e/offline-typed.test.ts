import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { SMALL_PHONE, staff, useBrowser } from './browser';
import { unsavedOnDevice } from './device-storage';
import {
  fillBuildingDetails,
  fillSpecialPlot,
  finishSpecialRequest,
  getSplash,
  JOURNEY_TIMEOUT_MS,
  personalWithPassport,
  randomName,
  signIn,
  Wizard,
} from './journey-helpers';
import { tr, type Lng } from './locales';

// Issue 17, item 3: answers TYPED (no button pressed) while the network is down are kept on the phone
// ("Saved on this phone"), saved once when it returns, and put back into their step when the page is
// opened again; with the network there nothing is written to the device; Logout leaves no database.

const { newPage } = useBrowser();
const DB = 'kibali-unsaved';

/** The portal's IndexedDB databases, and the typed answers kept in its store (without creating it). */
async function onDevice(page: Page) {
  const { databases, record } = await unsavedOnDevice(page, 'typed');
  return { databases, typed: record };
}

describe.each<Lng>(['en', 'sw'])('answers typed with no network (%s)', (lng) => {
  test(
    'are kept on the phone, saved once back online, and back in their step on a new page',
    async () => {
      const splash = await getSplash();
      const { page, context, errors } = await newPage({ language: lng, viewport: SMALL_PHONE });
      const w = new Wizard(page, lng);
      const first = randomName('Zuhura');
      await page.goto('/home/no_drawings');
      await w.onStep('personal');
      await personalWithPassport(w, first, 'Hamadi');
      await w.button('save_and_continue').click();
      await w.onStep('special_plot');
      const reference = await w.savedReference();
      // With the network there and the save answered, nothing was written to the device.
      expect((await onDevice(page)).databases).not.toContain(DB);

      // (a) The network goes while the step is typed: what is typed is kept on the phone, and said so.
      const sends: { save_id?: string; step_number?: number }[] = [];
      await context.route('**/api/application/save_and_continue', (route) => {
        sends.push(route.request().postDataJSON() as { save_id?: string });
        return route.continue();
      });
      await context.setOffline(true);
      await fillSpecialPlot(w);
      await w.saveStatus('device').waitFor();
      await expect
        .poll(async () => (await onDevice(page)).typed, { timeout: 10_000 })
        .toMatchObject({
          draft: reference,
          step: 'special_plot',
          answers: { street_village: 'Bububu', sewage: 'Septic tank', rain_management: 'Soak pit' },
        });
      // Back online, Save And Continue saves the step once, and the phone forgets it.
      await context.setOffline(false);
      await w.button('save_and_continue').click();
      await w.onStep('building_details');
      await w.saveStatus('saved').waitFor();
      expect(sends).toHaveLength(1);
      await expect.poll(async () => (await onDevice(page)).typed).toBeUndefined();
      const saved = await staff<{ answers: Record<string, Record<string, unknown>> }>('get_application', {
        reference_number: reference,
      });
      expect(saved.answers.special_plot).toMatchObject({ street_village: 'Bububu', rain_management: 'Soak pit' });

      // (b) Offline again, the next step is typed and the page closed before any save.
      await context.setOffline(true);
      await fillBuildingDetails(w, splash);
      await w.saveStatus('device').waitFor();
      await expect
        .poll(async () => (await onDevice(page)).typed, { timeout: 10_000 })
        .toMatchObject({ draft: reference, step: 'building_details', answers: { approximate_cost_tzs: 85000000 } });
      await page.close();
      await context.setOffline(false);

      // A new page once online: the draft reopens from the server, with what was typed back in its step.
      const again = await context.newPage();
      const w2 = new Wizard(again, lng);
      await again.goto('/home/no_drawings');
      await w2.onStep('building_details');
      await expect.poll(() => w2.number('building_details.approximate_cost_tzs').inputValue()).toBe('85000000');
      await w2.saveStatus('device').waitFor();
      // Saved from there (once), and gone from the phone.
      sends.length = 0;
      await w2.button('save_and_continue').click();
      await w2.onStep('uploads');
      expect(sends).toHaveLength(1);
      await expect.poll(async () => (await onDevice(again)).typed).toBeUndefined();
      const after = await staff<{ answers: Record<string, Record<string, unknown>> }>('get_application', {
        reference_number: reference,
      });
      expect(after.answers.building_details).toMatchObject({ approximate_cost_tzs: 85000000 });
      expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe('Logout', () => {
  test(
    'leaves no IndexedDB database of the portal on the phone (sw)',
    async () => {
      const lng: Lng = 'sw';
      const splash = await getSplash();
      const { page, context } = await newPage({ language: lng, viewport: SMALL_PHONE });
      const w = new Wizard(page, lng);
      await page.goto('/home/no_drawings');
      await w.onStep('personal');
      await personalWithPassport(w, randomName('Zuhura'), 'Hamadi');
      await w.button('save_and_continue').click();
      await w.onStep('special_plot');
      const reference = await w.savedReference();
      await fillSpecialPlot(w);
      await w.button('save_and_continue').click();
      await w.onStep('building_details');
      await finishSpecialRequest(w, splash, reference);

      // Signed in (View: the captcha solves itself, then the code sent to the phone).
      await signIn(page, lng, reference);

      // Meanwhile another tab starts a new application offline: its typed answers are kept on the phone.
      const other = await context.newPage();
      const w2 = new Wizard(other, lng);
      await other.goto('/home/no_drawings');
      await w2.onStep('personal');
      await context.setOffline(true);
      await personalWithPassport(w2, randomName('Zuhura'), 'Hamadi');
      await w2.saveStatus('device').waitFor();
      await expect
        .poll(async () => (await onDevice(other)).typed, { timeout: 10_000 })
        .toMatchObject({ draft: 'new', step: 'personal' });
      await other.close();
      await context.setOffline(false);

      await page.getByRole('button', { name: tr(lng, 'dashboard.logout'), exact: true }).click();
      await page.waitForURL('**/home/login');
      await page.getByText(tr(lng, 'session.logged_out'), { exact: true }).waitFor();
      expect((await onDevice(page)).databases).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
