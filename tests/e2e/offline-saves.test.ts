import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { axeCheck, useBrowser } from './browser';
import {
  documentsFor,
  fillBuildingDetails,
  fillSpecialPlot,
  getSplash,
  JOURNEY_TIMEOUT_MS,
  personalWithPassport,
  submitAndSeeMessage,
  uploadAll,
  Wizard,
} from './journey-helpers';
import type { Lng } from './locales';

// Issue 17, item 3: answers typed or saved while the network is down are kept on the phone and saved
// once it returns; a save whose answer was lost is sent again and saved once (one draft, not two);
// nothing personal is left on the device after Submit. At phone width, in Swahili and in English.

const { newPage } = useBrowser();
const PHONE = { width: 360, height: 740 };

/** A back-office call with the bearer token: the server's own view of the drafts. */
async function staff<T>(call: string, body: unknown): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api/staff/${call}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${inject('staffToken')}`,
    },
    body: JSON.stringify(body),
  });
  const payload = (await res.json()) as { response: { code: number; message: string; data: T } };
  expect(payload.response.code, payload.response.message).toBe(200);
  return payload.response.data;
}

/** What the device keeps: the unsaved answers in IndexedDB, localStorage, and Cache Storage. */
function onDevice(page: Page) {
  return page.evaluate(async () => {
    const databases = (await indexedDB.databases()).map((d) => d.name);
    let unsaved: unknown;
    if (databases.includes('kibali-unsaved')) {
      unsaved = await new Promise((resolve) => {
        const open = indexedDB.open('kibali-unsaved');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('unsaved')) return resolve(undefined);
          const get = db.transaction('unsaved').objectStore('unsaved').get('current');
          get.onsuccess = () => {
            resolve(get.result);
            db.close();
          };
        };
      });
    }
    const cacheKeys = await caches.keys();
    const cached: string[] = [];
    for (const key of cacheKeys) for (const request of await (await caches.open(key)).keys()) cached.push(request.url);
    return {
      databases,
      unsaved,
      localStorage: Object.fromEntries(Object.entries(localStorage)),
      cached,
    };
  });
}

const randomName = () =>
  'Nuru' + Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

describe.each<Lng>(['sw', 'en'])('saving on a phone whose network comes and goes (%s)', (lng) => {
  test(
    'a first save whose answer is lost and a save made offline are each saved once; nothing is left after Submit',
    { timeout: JOURNEY_TIMEOUT_MS },
    async () => {
      const splash = await getSplash();
      const { page, context, errors } = await newPage({ language: lng, viewport: PHONE });
      const w = new Wizard(page, lng);
      const status = page.getByRole('status').filter({ hasText: w.t('wizard.save_status.device') });
      const first = randomName();
      await page.goto('/home/no_drawings');
      await w.onStep('personal');
      await personalWithPassport(w, first, 'Hamadi');
      // The offline saving is loaded once the step has shown (DeviceAnswers, which registers the service
      // worker as it loads): a save cut before that would have nothing to keep it.
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);

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
      const kept = await onDevice(page);
      expect(kept.unsaved).toMatchObject({ draft: 'new', step: 'personal', answers: { first_name: first } });
      await axeCheck(page);
      await context.setOffline(false);
      await w.onStep('special_plot');
      await page
        .getByRole('status')
        .filter({ hasText: w.t('wizard.save_status.saved') })
        .waitFor();
      expect(sends).toHaveLength(2);
      const [one, two] = sends as { save_id: string }[];
      expect(two).toEqual(one);
      const reference = await page.evaluate(() => localStorage.getItem('reference_number'));
      expect(reference).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
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
      await fillBuildingDetails(w, splash);
      await w.button('save_and_continue').click();
      await w.onStep('uploads');
      await uploadAll(page, documentsFor(splash, null), lng);
      await w.button('save_and_continue').click();
      await w.onReview();
      await submitAndSeeMessage(w, 'request', reference!);
      await page.waitForURL('**/home/login', { timeout: 15_000 });
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
      const { page, context, errors } = await newPage({ language: lng, viewport: PHONE });
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
        await w.settled();
        return { bytes, network: [...network.values()], fromWorker: fromWorker.size };
      };
      // The worker is asked for again on every visit: a new deploy's worker replaces the old at once.
      const worker = await fetch(`${inject('baseUrl')}/sw.js`);
      expect([worker.status, worker.headers.get('cache-control')]).toEqual([200, 'no-cache']);
      expect(worker.headers.get('content-type')).toMatch(/javascript/);
      // The browser's own cache is off: what the first visit costs is what a phone without it pays.
      const first = await visit();
      await page.waitForFunction(
        async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
      );
      await page.waitForFunction(async () => {
        const keys = await caches.keys();
        const cache = keys.length === 1 ? await caches.open(keys[0]!) : undefined;
        return (await cache?.keys())?.some((r) => r.url.includes('/assets/')) ?? false;
      });
      const second = await visit();
      expect(second.network.filter((url) => url.includes('/assets/'))).toEqual([]);
      expect(second.fromWorker).toBeGreaterThan(5);
      expect(second.bytes).toBeLessThan(first.bytes / 4);

      // Offline, the page and its step still open, from the phone.
      await context.setOffline(true);
      await page.reload();
      await w.onStep('personal');
      // Nothing but public files is kept: no API answer beyond the forms and the reference lists.
      const kept = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const key of await caches.keys()) for (const r of await (await caches.open(key)).keys()) urls.push(r.url);
        return urls;
      });
      const publicApi = /\/api\/(forms\/validators\/|forms\/get_forms\?|splash\/get_splash\?)/;
      expect(kept.filter((url) => url.includes('/api/') && !publicApi.test(url))).toEqual([]);
      expect(kept.some((url) => url.includes('/api/forms/get_forms'))).toBe(true);
      await context.setOffline(false);
      expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
