import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, type ApiFailure, type ApiRequest } from '../../src/client/app/api';
import { STORAGE_KEYS } from '../../src/client/app/browser-storage';
import { createI18n, setAppI18n } from '../../src/client/app/i18n';
import { allTexts } from './locales';
import { makeStore } from '../../src/client/app/store';
import { mockSplash } from '../../src/client/mocks/mock-data';
import type { Envelope } from '../../src/shared/envelope';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';
import { getSplash } from '../../src/shared/api/splash';

/** A tiny endpoint over the real base query: a mutation, so every dispatch is a fresh call. */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, ApiRequest>({ query: (request) => request }),
  }),
});

// Outside the contract on purpose: these probe the base query itself at a fake path (/api/test/probe), no call of src/shared/api.
function envelope(code: number, message: string, data: unknown, status = code) {
  return HttpResponse.json<Envelope>({ response: { code, message, data } }, { status });
}

/** Answers /api/test/probe with `answer` and keeps each request it saw. */
function probeAnswers(answer: () => Response | Promise<Response>) {
  const seen: Request[] = [];
  server.use(
    http.post('/api/test/probe', ({ request }) => {
      seen.push(request.clone());
      return answer();
    }),
  );
  return seen;
}

async function call(store: ReturnType<typeof makeStore>, request: Partial<ApiRequest> = {}) {
  const result = await store.dispatch(probeApi.endpoints.probe.initiate({ url: '/test/probe', ...request }));
  return result as { data?: unknown; error?: ApiFailure };
}

beforeEach(() => setAppI18n(createI18n('en', allTexts)));

describe('the envelope base query', () => {
  it('posts JSON under /api and answers the data of a code-200 envelope', async () => {
    const seen = probeAnswers(() => envelope(200, 'OK', { answer: 42 }));
    const store = makeStore();

    const result = await call(store, { body: { zan_id: '123' } });

    expect(result).toEqual({ data: { answer: 42 } });
    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/test/probe');
    expect(request.headers.get('Accept')).toBe('application/json');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.json()).toEqual({ zan_id: '123' });
    expect(store.getState().ui).toMatchObject({ toasts: [], failures: 0, maintenance: false, redirectTo: null });
  });

  it('sends a FormData body as multipart/form-data, not as JSON, with the boundary the browser sets', async () => {
    const seen = probeAnswers(() => envelope(200, 'OK', { attachment_id: 'a1b2c3d4' }));
    const form = new FormData();
    form.append('reference_number', 'KQ7MZ-4XPRT');
    form.append('document_type', 'sheha_letter');
    form.append('file', new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' }));

    const result = await call(makeStore(), { body: form });

    expect(result).toEqual({ data: { attachment_id: 'a1b2c3d4' } });
    const request = seen[0]!;
    expect(request.headers.get('Accept')).toBe('application/json');
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const received = await request.formData();
    expect([...received.keys()]).toEqual(['reference_number', 'document_type', 'file']);
    expect(received.get('document_type')).toBe('sheha_letter');
    // The file arrives whole: name, type and bytes (tests/client/jsdom-uploads.ts).
    const file = received.get('file') as File;
    expect([file.name, file.type, await file.text()]).toEqual(['letter.pdf', 'application/pdf', '%PDF-1.7']);
  });

  it('sends an empty JSON object when the call has no body', async () => {
    const seen = probeAnswers(() => envelope(200, 'OK', {}));
    await call(makeStore());
    expect(await seen[0]!.json()).toEqual({});
  });

  it("turns a 422 envelope into an error and shows the server's message as an error toast", async () => {
    const errors = [{ path: '/construction/ward', message: 'Choose a ward' }];
    probeAnswers(() => envelope(422, 'Some answers need your attention.', { errors }));
    const store = makeStore();

    const result = await call(store);

    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ code: 422, message: 'Some answers need your attention.', data: { errors } });
    const { toasts, failures } = store.getState().ui;
    expect(toasts).toEqual([expect.objectContaining({ severity: 'error', text: 'Some answers need your attention.' })]);
    expect(failures).toBe(1);
  });

  it('judges success by code 200 only: an HTTP 200 carrying code 500 is an error', async () => {
    probeAnswers(() => envelope(500, 'Something went wrong', { request_id: 'r-1' }, 200));
    const store = makeStore();

    const result = await call(store);

    expect(result.error).toMatchObject({ code: 500, message: 'Something went wrong' });
    expect(store.getState().ui.toasts).toEqual([
      expect.objectContaining({ severity: 'error', text: 'Something went wrong' }),
    ]);
  });

  it('does not show a toast for a quiet call, but still counts the failure', async () => {
    probeAnswers(() => envelope(409, 'Already submitted', {}));
    const store = makeStore();

    const result = await call(store, { quiet: true });

    expect(result.error).toMatchObject({ code: 409, message: 'Already submitted' });
    expect(store.getState().ui.toasts).toEqual([]);
    expect(store.getState().ui.failures).toBe(1);
  });

  it("sends the user to '/' on code 403", async () => {
    probeAnswers(() => envelope(403, 'Access denied', {}));
    const store = makeStore();

    const result = await call(store);

    expect(result.error).toMatchObject({ code: 403 });
    expect(store.getState().ui.redirectTo).toBe('/');
    expect(store.getState().ui.failures).toBe(1);
  });

  it("sends the user to '/' on the message 'Access denied' in a successful HTTP response", async () => {
    probeAnswers(() => envelope(200, 'Access denied', { anything: true }));
    const store = makeStore();

    const result = await call(store);

    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ message: 'Access denied' });
    expect(store.getState().ui.redirectTo).toBe('/');
  });

  it('shows the maintenance page, without a toast, on 503 with data.maintenance', async () => {
    probeAnswers(() => envelope(503, "We're Under Maintenance, please check back later.", { maintenance: true }));
    const store = makeStore();

    const result = await call(store);

    expect(result.error).toMatchObject({ code: 503 });
    expect(store.getState().ui).toMatchObject({ maintenance: true, toasts: [], failures: 1 });
  });

  it('treats a 503 without data.maintenance as an ordinary error', async () => {
    probeAnswers(() => envelope(503, 'The service is temporarily unavailable.', {}));
    const store = makeStore();

    await call(store);

    expect(store.getState().ui.maintenance).toBe(false);
    expect(store.getState().ui.toasts).toEqual([
      expect.objectContaining({ severity: 'error', text: 'The service is temporarily unavailable.' }),
    ]);
  });

  it('shows the translated network error when the request cannot be sent', async () => {
    probeAnswers(() => HttpResponse.error());
    const store = makeStore();

    const result = await call(store);

    expect(result.error).toEqual({ code: 0, message: en('errors.network') });
    expect(store.getState().ui.toasts).toEqual([
      expect.objectContaining({ severity: 'error', text: en('errors.network') }),
    ]);
    expect(store.getState().ui.failures).toBe(1);
  });

  it('shows the network error in Swahili when Swahili is chosen', async () => {
    setAppI18n(createI18n('sw', allTexts));
    probeAnswers(() => HttpResponse.error());
    const store = makeStore();

    await call(store);

    expect(sw('errors.network')).not.toBe(en('errors.network'));
    expect(store.getState().ui.toasts).toEqual([expect.objectContaining({ text: sw('errors.network') })]);
  });

  it.each([
    ['an HTML page', () => new HttpResponse('<html><body>Bad gateway</body></html>', { status: 502 })],
    ['JSON that is not the envelope', () => HttpResponse.json({ ok: true })],
    ['an empty body', () => new HttpResponse(null, { status: 200 })],
  ])('shows the unreadable-answer error for %s', async (_name, answer) => {
    probeAnswers(answer);
    const store = makeStore();

    const result = await call(store);

    expect(result.error).toEqual({ code: 0, message: en('errors.unreadable') });
    expect(store.getState().ui.toasts).toEqual([expect.objectContaining({ text: en('errors.unreadable') })]);
    expect(store.getState().ui.failures).toBe(1);
  });

  it.each(['en', 'sw'] as const)('sends Accept-Language %s, the current language', async (language) => {
    setAppI18n(createI18n(language, allTexts));
    const seen = probeAnswers(() => envelope(200, 'OK', {}));

    await call(makeStore());

    expect(seen[0]!.headers.get('Accept-Language')).toBe(language);
  });
});

describe('the ETag cache', () => {
  const splash = mockSplash();

  /** Serves `data` with an ETag at `path`; answers 304 when asked with that ETag. Records If-None-Match. */
  function servedWithEtag(path: string, etag: string, data: unknown) {
    const ifNoneMatch: (string | null)[] = [];
    server.use(
      http.post(path, ({ request }) => {
        const sent = request.headers.get('If-None-Match');
        ifNoneMatch.push(sent);
        if (sent === etag) return new HttpResponse(null, { status: 304, headers: { ETag: etag } });
        return HttpResponse.json<Envelope>(
          { response: { code: 200, message: 'OK', data } },
          { headers: { ETag: etag } },
        );
      }),
    );
    return ifNoneMatch;
  }

  const cached = (key: string): unknown => JSON.parse(sessionStorage.getItem(key) ?? 'null');

  it('keeps an answer under its cacheKey and answers a 304 from it', async () => {
    const ifNoneMatch = servedWithEtag('/api/test/probe', '"v1"', { lists: [1, 2] });
    const store = makeStore();

    expect(await call(store, { cacheKey: 'probe_cache' })).toEqual({ data: { lists: [1, 2] } });
    expect(cached('probe_cache')).toEqual({ etag: '"v1"', data: { lists: [1, 2] } });

    expect(await call(store, { cacheKey: 'probe_cache' })).toEqual({ data: { lists: [1, 2] } });
    expect(ifNoneMatch).toEqual([null, '"v1"']);
    expect(store.getState().ui.failures).toBe(0);
  });

  it('replaces the cached copy when the server answers new data with a new ETag', async () => {
    sessionStorage.setItem('probe_cache', JSON.stringify({ etag: '"old"', data: { stale: true } }));
    const ifNoneMatch = servedWithEtag('/api/test/probe', '"v2"', { fresh: true });

    expect(await call(makeStore(), { cacheKey: 'probe_cache' })).toEqual({ data: { fresh: true } });
    expect(ifNoneMatch).toEqual(['"old"']);
    expect(cached('probe_cache')).toEqual({ etag: '"v2"', data: { fresh: true } });
  });

  it('neither caches nor revalidates without a cacheKey', async () => {
    const ifNoneMatch = servedWithEtag('/api/test/probe', '"v1"', { lists: [] });
    const store = makeStore();
    await call(store);
    await call(store);
    expect(ifNoneMatch).toEqual([null, null]);
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i));
    expect(keys).toEqual([STORAGE_KEYS.language]);
  });

  it('does not cache a failed answer', async () => {
    probeAnswers(() =>
      HttpResponse.json<Envelope>(
        { response: { code: 500, message: 'Boom', data: {} } },
        { status: 500, headers: { ETag: '"bad"' } },
      ),
    );
    const result = await call(makeStore(), { cacheKey: 'probe_cache' });
    expect(result.error).toMatchObject({ code: 500 });
    expect(sessionStorage.getItem('probe_cache')).toBeNull();
  });

  it("keeps get_splash in sessionStorage 'splash' and, after a reload, shows the page from a 304", async () => {
    const ifNoneMatch = servedWithEtag(getSplash.path, '"s1-en"', splash);

    const first = renderApp('/home/faq');
    expect(await screen.findByRole('heading', { level: 1, name: en('faq.title') })).toBeInTheDocument();
    expect(cached(STORAGE_KEYS.splash)).toEqual({ etag: '"s1-en"', data: splash });
    first.unmount();

    // A reload: a new store and router, the same browser session.
    renderApp('/home/faq');
    expect(await screen.findByRole('heading', { level: 1, name: en('faq.title') })).toBeInTheDocument();
    expect(ifNoneMatch).toEqual([null, '"s1-en"']);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(splash.faqs.length);
  });
});
