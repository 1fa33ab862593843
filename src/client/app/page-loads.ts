import { useSyncExternalStore } from 'react';

/**
 * The pages (and their texts) being loaded: the progress bar shows while any is. A navigation keeps
 * the page it leaves until the next has loaded (the router's transition), so this is how the bar knows.
 */
let pending = 0;
const listeners = new Set<() => void>();

function change(by: number) {
  pending += by;
  // Not during the render that started the load: after it.
  queueMicrotask(() => listeners.forEach((listener) => listener()));
}

export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  change(1);
  return load.finally(() => change(-1));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False in a page the server rendered: it loads nothing (the server snapshot, while the app takes it over). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
