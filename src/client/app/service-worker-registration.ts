/**
 * Registers the service worker (/sw.js, src/client/sw/service-worker.ts) once a page that uses it has
 * shown, and hands it the files this page loaded before it was there, so that the next visit takes
 * them from the phone. Not in development (Vite serves no /sw.js) nor where the browser has none.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(async () => {
      const ready = await navigator.serviceWorker.ready;
      const keep = performance.getEntriesByType('resource').map((entry) => entry.name);
      ready.active?.postMessage({ keep });
    })
    .catch(() => undefined);
}
