import type { Page } from 'playwright-core';
import { DEVICE_DRAFTS_DB } from '../../src/client/app/device-drafts';

/**
 * The portal's IndexedDB databases, and one record of its store of unsaved answers: 'current' (a save
 * that got no answer) or 'typed' (answers typed with no network). Read without creating anything.
 */
export function unsavedOnDevice(page: Page, key: 'current' | 'typed') {
  return page.evaluate(
    async ([name, key]) => {
      const databases = (await indexedDB.databases()).map((d) => d.name);
      if (!databases.includes(name)) return { databases, record: undefined as unknown };
      const record = await new Promise<unknown>((resolve) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('unsaved')) {
            db.close();
            return resolve(undefined);
          }
          const get = db.transaction('unsaved').objectStore('unsaved').get(key);
          get.onsuccess = () => {
            resolve(get.result);
            db.close();
          };
        };
      });
      return { databases, record };
    },
    [DEVICE_DRAFTS_DB, key] as const,
  );
}

/** The URLs the page's Cache Storage holds (what the service worker keeps). */
export function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys())
      for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
    return urls;
  });
}
