import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { axeCheck, SMALL_PHONE, staff, useBrowser } from './browser';
import { cachedUrls, unsavedOnDevice } from './device-storage';
import {
  fillSpecialPlot,
  finishSpecialRequest,
  getSplash,
  JOURNEY_TIMEOUT_MS,
  personalWithPassport,
  randomName,
  Wizard,
} from './journey-helpers';
import type { Lng } from './locales';

// Issue 17, item 3: answers typed or saved while the network is down are kept on the phone and saved
// once it returns; a save whose answer was lost is sent again and saved once (one draft, not two);
// nothing personal is left on the device after Submit. At phone width, in Swahili and in English.

const { newPage } = useBrowser();

/** What the device keeps: the unsaved save in IndexedDB, localStorage, and Cache Storage. */
async function onDevice(page: Page) {
  const { databases, record } = await unsavedOnDevice(page, 'current');
  const localStorage = await page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));
  return { databases, unsaved: record, localStorage, cached: await cachedUrls(page) };
}

describe.each<Lng>(['sw', 'en'])('saving on a phone whose network comes and goes (%s)', (lng) => {
  test(
    'a first save whose answer is lost and a save made offline are each saved once; nothing is left after Submit',
    { timeout: JOURNEY_TIMEOUT_MS },
    async () => {
      const splash = await getSplash();
      const { page, context, errors } = await newPage({ language: lng, viewport: SMALL_PHONE });
      const w = new Wizard(page, lng);
      const status = w.saveStatus('device');
      const first = randomName('Nuru');
      await page.goto('/home/no_drawings');
      await w.onStep('personal');
      await personalWithPassport(w, first, 'Hamadi');
      // The offline saving is loaded once the step has shown (DeviceAnswers, which registers the service
      // worker as it loads): a save cut before that would have nothing to keep it.
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined))
        .toBe(true);

      // The first save reaches the server (which creates the draft) and its answer is lost on the way back.
      const sends: unknown[] = [];
      let cut = true;
      await page.route('**/api/application/save_and_continue', async (route: Route) => {
        sends.push(route.request().postDataJSON());
        if (!cut) return route.continue();
        cut = false;
        await route.fetch();
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      });
      await w.button('save_and_continue').click();
      await status.waitFor();
      // The status may show first for the answers typed as the network went; the save's own record follows.
      await expect
        .poll(async () => (await onDevice(page)).unsaved)
        .toMatchObject({ draft: 'new', step: 'personal', answers: { first_name: first } });
      await axeCheck(page);
      await context.setOffline(false);
      await w.onStep('special_plot');
      await w.saveStatus('saved').waitFor();
      expect(sends).toHaveLength(2);
      const [one, two] = sends as { save_id: string }[];
      expect(two).toEqual(one);
      const reference = await w.savedReference();
      expect((await onDevice(page)).unsaved).toBeUndefined();

      // The network goes while the next step is typed and saved; it comes back, and the step is saved.
      await context.setOffline(true);
      await fillSpecialPlot(w);
      await w.button('save_and_continue').click();
      await status.waitFor();
      // The status may show first for the answers typed offline; the save's own record follows.
      await expect
        .poll(async () => (await onDevice(page)).unsaved)
        .toMatchObject({
          draft: reference,
          step: 'special_plot',
          answers: { street_village: 'Bububu' },
        });
      await context.setOffline(false);
      await w.onStep('building_details');
      expect((await onDevice(page)).unsaved).toBeUndefined();

      // The server holds one draft of this applicant, with both steps' answers.
      const found = await staff<{ total: number; items: { reference_number: string }[] }>('list_applications', {
        status: 'draft',
        name: first,
      });
      expect(found.total).toBe(1);
      expect(found.items[0]?.reference_number).toBe(reference);
      const draft = await staff<{ answers: Record<string, Record<string, unknown>> }>('get_application', {
        reference_number: reference,
      });
      expect(draft.answers.personal).toMatchObject({ first_name: first });
      expect(draft.answers.special_plot).toMatchObject({ street_village: 'Bububu' });

      // Then on to Submit: afterwards the device keeps nothing of the application.
      await finishSpecialRequest(w, splash, reference);
      const left = await onDevice(page);
      expect(left.databases).not.toContain('kibali-unsaved');
      expect(left.cached.filter((url) => url.includes('/api/') && !url.includes('/api/forms/'))).toEqual([]);
      expect(JSON.stringify(left.localStorage)).not.toContain(first);
      expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    },
  );

  test(
    'a repeat visit takes the shell and the forms from the service worker, and the page opens offline',
    async () => {
      const { page, context, errors } = await newPage({ language: lng, viewport: SMALL_PHONE });
      const w = new Wizard(page, lng);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const fromWorker = new Set<string>();
      let bytes = 0;
      const network = new Map<string, string>();
      cdp.on('Network.responseReceived', (event) => {
        if (event.response.fromServiceWorker) fromWorker.add(event.requestId);
        else network.set(event.requestId, event.response.url);
      });
      cdp.on('Network.loadingFinished', (event) => {
        if (!fromWorker.has(event.requestId)) bytes += event.encodedDataLength;
      });
      const visit = async () => {
        bytes = 0;
        network.clear();
        fromWorker.clear();
        await page.goto('/home/no_drawings');
        await w.onStep('personal');
        return { bytes, network: [...network.values()], fromWorker: fromWorker.size };
      };
      // The worker is asked for again on every visit: a new deploy's worker replaces the old at once.
      const worker = await fetch(`${inject('baseUrl')}/sw.js`);
      expect([worker.status, worker.headers.get('cache-control')]).toEqual([200, 'no-cache']);
      expect(worker.headers.get('content-type')).toMatch(/javascript/);
      // The browser's own cache is off: what the first visit costs is what a phone without it pays.
      const first = await visit();
      // page.evaluate, not waitForFunction: a predicate's promise counts as truthy there, and the waits
      // below would end at once (they did, until the axe checks that used to follow each step went).
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state))
        .toBe('activated');
      // The worker keeps the files of the first visit one by one: every one of them, before the second.
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const keys = await caches.keys();
              const cache = keys.length === 1 ? await caches.open(keys[0]!) : undefined;
              if (!cache) return false;
              const loaded = performance
                .getEntriesByType('resource')
                .map((entry) => entry.name)
                .filter((url) => new URL(url).pathname.startsWith('/assets/'));
              const kept = await Promise.all(loaded.map((url) => cache.match(url)));
              return loaded.length > 0 && kept.every(Boolean);
            }),
          // The worker fetches and keeps each file after the page has them: on a machine busy with a
          // build beside the tests this took over the project's 15 s once (both languages).
          { timeout: 45_000 },
        )
        .toBe(true);
      const second = await visit();
      expect(second.network.filter((url) => url.includes('/assets/'))).toEqual([]);
      expect(second.fromWorker).toBeGreaterThan(5);
      expect(second.bytes).toBeLessThan(first.bytes / 4);

      // Offline, the page and its step still open, from the phone.
      await context.setOffline(true);
      await page.reload();
      await w.onStep('personal');
      // Nothing but public files is kept: no API answer beyond the forms and the reference lists.
      const kept = await cachedUrls(page);
      const publicApi = /\/api\/(forms\/validators\/|forms\/get_forms\?|splash\/get_splash\?)/;
      expect(kept.filter((url) => url.includes('/api/') && !publicApi.test(url))).toEqual([]);
      expect(kept.some((url) => url.includes('/api/forms/get_forms'))).toBe(true);
      await context.setOffline(false);
      expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
