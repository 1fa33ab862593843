import { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../src/shared/api/call';
import { makeHandlers } from '../../src/client/mocks/handlers';
import { sharedCalls } from '../support/shared-calls';

/**
 * One wire contract (issue 20, item 1), the client's side: every RTK Query endpoint is built from a
 * call defined in src/shared/api/ (callQuery, callMutation: its types are the call's, issue 32), and the
 * mock answers only calls defined there, at their paths. The server's routes are held to the same definitions by tests/server/api-contract.test.ts.
 */

/** The client's sources, as text. */
const sources = import.meta.glob<string>(['../../src/client/**/*.{ts,tsx}', '!../../src/client/mocks/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** The spec's mock-only calls (portal-spec.md: "A mock backend for user authenticate and register"): no server has them. */
const MOCK_ONLY = ['/api/users/authenticate', '/api/users/register'];

/** Files of endpoints not all sending a shared call yet: this list only shrinks. */
const NOT_YET_ENDPOINT_FILES: string[] = [];
/** Mock handlers not yet at a shared call's path: this list only shrinks. */
const NOT_YET_MOCKS: string[] = [];

describe('the API contract, client side', () => {
  it('builds every RTK Query endpoint from a shared call (callQuery, callMutation), never by hand', () => {
    const endpointFiles = Object.entries(sources).filter(
      ([, text]) =>
        /\bbuild\b/.test(text) && /\bcall(Query|Mutation)\(\s*build\b|\bbuild\.(query|mutation)\b/.test(text),
    );
    expect(endpointFiles.length).toBeGreaterThan(5);
    // Only the helper writes build.query / build.mutation: an endpoint typed by hand could read another call's answer.
    const offenders = Object.entries(sources)
      .filter(([file, text]) => !file.endsWith('/app/call-endpoint.ts') && /\bbuild\.(query|mutation)\b/.test(text))
      .map(([file]) => file.replace('../../', ''))
      .filter((file) => !NOT_YET_ENDPOINT_FILES.includes(file));
    expect(offenders).toEqual([]);
    expect(NOT_YET_ENDPOINT_FILES.filter((file) => !endpointFiles.some(([f]) => f.endsWith(file)))).toEqual([]);
  });

  it('mocks only shared calls, at their paths and methods', () => {
    const byPath = new Map<string, ApiCall>(sharedCalls.map((call) => [call.path, call]));
    const handlers = makeHandlers({ delayMs: 0 }).filter((h): h is HttpHandler => h instanceof HttpHandler);
    expect(handlers.length).toBeGreaterThan(20);
    const offenders = handlers
      .map((h) => ({ path: String(h.info.path), method: String(h.info.method) }))
      .filter(({ path }) => !MOCK_ONLY.includes(path) && !NOT_YET_MOCKS.includes(path))
      .filter(({ path, method }) => byPath.get(path)?.method !== method)
      .map(({ path, method }) => `${method} ${path}`);
    expect(offenders).toEqual([]);
  });
});
