/**
 * The service worker (/sw.js, built by scripts/service-worker-plugin.ts): a repeat visit takes the app
 * shell and the forms from the phone, not the network, and a page opened offline still shows.
 *
 * - /assets/* (hashed names) and the steps' validators (versioned URLs): from the cache, else the
 *   network (and kept).
 * - The forms and the public reference lists (POSTs with an ETag): asked again with the ETag kept, so
 *   that the current version costs a 304; offline, the copy kept. Nothing else of /api/ is touched:
 *   no answer with personal data is ever kept.
 * - Pages (navigations): the network first; offline, the page kept for that URL, else any page kept
 *   (the app routes itself).
 * - The form studio's pages and files: not touched (see isStudio).
 *
 * One cache per build (`kibali-<build>`): a new deploy's worker drops the old ones as it activates.
 */

declare const __KIBALI_BUILD__: string;

const CACHE = `kibali-${__KIBALI_BUILD__}`;
const PREFIX = 'kibali-';
/** POSTs whose answers are public and carry an ETag. */
const ETAGGED = new Set(['/api/forms/get_forms', '/api/splash/get_splash']);
const ANY_PAGE = '/__kibali/page';

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
}
interface WorkerScope {
  addEventListener(type: string, listener: (event: never) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

const scope = self as unknown as WorkerScope;

/**
 * The staff app (the form studio at /studio, the officers' workspace at /office, its files under
 * /assets/studio/) is staff's, not the applicant's: nothing of it is kept, and its pages are never the
 * page shown offline.
 */
const isStudio = (url: URL) =>
  /^\/(studio|office)(\/|$)/.test(url.pathname) || url.pathname.startsWith('/assets/studio/');

const isShellAsset = (url: URL) =>
  url.origin === scope.location.origin &&
  !isStudio(url) &&
  (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/api/forms/validators/'));

async function fromCacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * A public POST answered by its ETag: asked with the ETag of the copy kept (the page's own is dropped:
 * the worker answers the page in full), the copy when the server says it is current, or offline.
 */
async function etagged(request: Request, path: string): Promise<Response> {
  const body = await request.clone().text();
  const language = request.headers.get('Accept-Language') ?? '';
  const key = `/__kibali${path}?${new URLSearchParams({ language, body }).toString()}`;
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key);
  const headers = new Headers(request.headers);
  headers.delete('If-None-Match');
  const etag = kept?.headers.get('ETag');
  if (etag) headers.set('If-None-Match', etag);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body, credentials: 'same-origin' });
  } catch (error) {
    if (kept) return kept;
    throw error;
  }
  if (response.status === 304 && kept) return kept;
  if (response.status === 200 && response.headers.has('ETag')) await cache.put(key, response.clone());
  return response;
}

async function page(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('Content-Type') ?? '').includes('text/html')) {
      const path = new URL(request.url).pathname;
      await cache.put(path, response.clone());
      await cache.put(ANY_PAGE, response.clone());
    }
    return response;
  } catch (error) {
    const kept = (await cache.match(new URL(request.url).pathname)) ?? (await cache.match(ANY_PAGE));
    if (kept) return kept;
    throw error;
  }
}

scope.addEventListener('install', (event: ExtendableEventLike) => {
  event.waitUntil(scope.skipWaiting());
});

scope.addEventListener('activate', (event: ExtendableEventLike) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      await scope.clients.claim();
    })(),
  );
});

// The files the page loaded before the worker was there (its first visit): kept now, mostly from the
// browser's own cache, so that the next visit needs none of them from the network.
scope.addEventListener('message', (event: MessageEventLike) => {
  const urls = (event.data as { keep?: unknown } | null)?.keep;
  if (!Array.isArray(urls)) return;
  const wanted = urls
    .filter((u): u is string => typeof u === 'string')
    .map((u) => new URL(u, scope.location.origin))
    .filter(isShellAsset);
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const url of wanted) {
        if (await cache.match(url.href)) continue;
        await cache.add(url.href).catch(() => undefined);
      }
    })(),
  );
});

scope.addEventListener('fetch', (event: FetchEventLike) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin || isStudio(url)) return;
  if (request.method === 'GET' && isShellAsset(url)) event.respondWith(fromCacheFirst(request));
  else if (request.method === 'POST' && ETAGGED.has(url.pathname)) event.respondWith(etagged(request, url.pathname));
  else if (request.method === 'GET' && request.mode === 'navigate') event.respondWith(page(request));
});
