import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../src/client/app/api';
import { STORAGE_KEYS } from '../../src/client/app/browser-storage';
import { startEarlyCalls, takeEarlyCall } from '../../src/client/app/early-calls';
import { createI18n, setAppI18n } from '../../src/client/app/i18n';
import { makeStore } from '../../src/client/app/store';
import { prefetchForms } from '../../src/client/forms/forms-query';
import { prefetchSplash } from '../../src/client/app/splash-api';
import { mockSplash } from '../../src/client/mocks/mock-data';
import { allTexts } from './locales';
import { server } from './msw-server';
import { getSplash } from '../../src/shared/api/splash';
import { mockCall } from '../../src/client/mocks/mock-call';

// The page's first script (boot.ts) asks for the data the page needs first, before the app's files have
// arrived; the app's base query takes those answers over instead of asking again.

let calls: { path: string; headers: Headers }[] = [];

beforeEach(() => {
  calls = [];
  setAppI18n(createI18n('en', allTexts));
  server.events.on('request:start', ({ request }) => {
    calls.push({ path: new URL(request.url).pathname, headers: request.headers });
  });
});
afterEach(() => {
  server.events.removeAllListeners();
  // Nothing left over for the next test.
  void takeEarlyCall('/splash/get_splash', undefined);
  void takeEarlyCall('/forms/get_forms', undefined);
});

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return { pathname, search };
};

async function settled(store: ReturnType<typeof makeStore>) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
}

describe('calls made before the app has started', () => {
  it.each([
    ['/home/new', ['/api/splash/get_splash', '/api/forms/get_forms']],
    ['/home/new?type=government', ['/api/splash/get_splash', '/api/forms/get_forms']],
    ['/home/maintenance', ['/api/splash/get_splash', '/api/forms/get_forms']],
    ['/home/continue_form', ['/api/splash/get_splash', '/api/forms/get_forms']],
    ['/home/engineers', ['/api/splash/get_splash']],
    ['/dashboard/application', ['/api/splash/get_splash']],
    ['/home/landing', []],
    ['/', []],
  ])('%s asks at once for %j', async (url, expected) => {
    startEarlyCalls(at(url));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((c) => c.path)).toEqual(expected);
  });

  it('are taken over by the app: each answer used once, nothing asked twice', async () => {
    startEarlyCalls(at('/home/new'));
    const store = makeStore();
    prefetchSplash(store);
    prefetchForms(store);
    await settled(store);

    expect(calls.map((c) => c.path)).toEqual(['/api/splash/get_splash', '/api/forms/get_forms']);
    const state = store.getState().api.queries;
    expect(state['getSplash(undefined)']?.status).toBe('fulfilled');
    expect(state['getForms(undefined)']?.status).toBe('fulfilled');
    // Taken: a later call asks the server again.
    expect(takeEarlyCall('/splash/get_splash', undefined)).toBeUndefined();
  });

  it('are sent as the app sends them: JSON, the session’s language, the ETag of the copy kept', async () => {
    sessionStorage.setItem(STORAGE_KEYS.language, 'sw');
    sessionStorage.setItem(STORAGE_KEYS.splash, JSON.stringify({ etag: '"kept-sw"', data: mockSplash() }));
    server.use(
      mockCall(getSplash, ({ request }) =>
        request.headers.get('if-none-match') === '"kept-sw"' ? new HttpResponse(null, { status: 304 }) : undefined,
      ),
    );
    startEarlyCalls(at('/home/faq'));
    const store = makeStore();
    prefetchSplash(store);
    await settled(store);

    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('accept-language')).toBe('sw');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    // The 304 answers the copy kept.
    expect(store.getState().api.queries['getSplash(undefined)']?.data).toEqual(mockSplash());
  });

  it('when one fails, the app says so, and asking again asks the server', async () => {
    server.use(mockCall(getSplash, () => HttpResponse.error(), { once: true }));
    startEarlyCalls(at('/home/faq'));
    const store = makeStore();
    prefetchSplash(store);
    await settled(store);
    expect(store.getState().api.queries['getSplash(undefined)']?.status).toBe('rejected');
    expect(store.getState().ui.toasts).toHaveLength(1);

    // What Retry does: the call again, now to the server.
    prefetchSplash(store);
    await settled(store);
    expect(calls.map((c) => c.path)).toEqual(['/api/splash/get_splash', '/api/splash/get_splash']);
    expect(store.getState().api.queries['getSplash(undefined)']?.status).toBe('fulfilled');
  });

  it('are not taken by a call with a body of its own', async () => {
    startEarlyCalls(at('/home/new'));
    expect(takeEarlyCall('/forms/get_forms', { other: true })).toBeUndefined();
    expect(takeEarlyCall('/forms/get_forms', {})).toBeDefined();
  });
});
