import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { LANGUAGE_COOKIE } from '../../src/shared/served-page';
import { checkMockAnswersWith } from '../../src/client/mocks/mock-call';
import { mockAnswerCheck } from './mock-answer-check';
import { server } from './msw-server';
import { readUploadsWhole, sendUploadsWhole } from './jsdom-uploads';

// jsdom lacks these (its scrollTo only logs "Not implemented"); the app calls them on navigation.
// No-ops are enough: layout and scrolling are the e2e tests' business.
window.scrollTo = () => undefined;
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no user-agent stylesheet: a closed <details> (the phone menu) would show its content to
// queries by role. The browser's rule, so that the tests see what a screen reader does.
const userAgentRules = document.createElement('style');
userAgentRules.textContent = 'details:not([open]) > :not(summary) { display: none; }';
document.head.append(userAgentRules);

// The whole app (MUI, StrictMode's double renders) in jsdom, on a small machine that other test runs
// share: a page can take seconds to appear. These are ceilings for a failure, not expected times.
// (A findBy took 11.7 s once, in a CI run beside browser tests: 20 s.)
configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });

// Every mock answer built from its call is checked against the call's schema (mock-answer-check.ts).
checkMockAnswersWith(mockAnswerCheck);

// Uploads reach the MSW handlers whole, on Node 20 and 24 (see jsdom-uploads.ts).
await readUploadsWhole();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  sendUploadsWhole();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
});
afterAll(() => server.close());
