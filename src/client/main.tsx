import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { APP_STARTED_ATTRIBUTE, RENDERED_LANGUAGE_ATTRIBUTE, RENDERED_PATH_ATTRIBUTE } from '../shared/served-page';
import { App } from './app/App';
import { appI18n, isLanguage } from './app/i18n';
import { pageSettingsOf } from './app/page-settings';
import { AppRoutes, preloadRoute } from './app/routes';
import { makeStore } from './app/store';
import { prefetchSplash } from './app/splash-api';

/**
 * Whether the app takes over the page the server rendered (the landing page) as it is: when it is in the
 * language the app starts in (else the app renders from scratch). The page's script (boot.ts) has put
 * the page's own address in the bar ('/' leads to '/home/landing').
 */
function takesOverRenderedPage(root: HTMLElement, language: string): boolean {
  return (
    root.getAttribute(RENDERED_PATH_ATTRIBUTE) === window.location.pathname &&
    root.getAttribute(RENDERED_LANGUAGE_ATTRIBUTE) === language
  );
}

/** Marks the page as the app's once it has taken it over or drawn it (APP_STARTED_ATTRIBUTE). */
function Started() {
  useEffect(() => document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, ''), []);
  return null;
}

async function start() {
  // `npm run dev:mock`: the client alone, the whole API answered by MSW in the browser.
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('./mocks/browser');
    await startMockWorker();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const store = makeStore();
  // The state the server rendered with: before the first calls (which show the progress bar).
  const serverState = store.getState();
  const i18n = appI18n();
  // A language chosen in the server's page before the app started (a select no longer showing the
  // language the page was rendered in): the app starts in it.
  const renderedIn = root.getAttribute(RENDERED_LANGUAGE_ATTRIBUTE);
  const chosen = [...document.querySelectorAll<HTMLSelectElement>('select[data-language-switch]')].find(
    (select) => renderedIn !== null && select.value !== renderedIn,
  )?.value;
  if (isLanguage(chosen)) await i18n.changeLanguage(chosen);
  const hydrating = takesOverRenderedPage(root, i18n.language);
  prefetchSplash(store);
  preloadRoute(window.location, store);
  // English is in this script; Swahili, when kept for the session, is a file to wait for.
  await i18n.loadNamespaces(['common']);
  const app = (
    <App
      store={store}
      i18n={i18n}
      pageSettings={pageSettingsOf(document)}
      serverState={hydrating ? serverState : undefined}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Started />
    </App>
  );
  // In slices that leave the phone free to scroll and tap meanwhile (a transition), not in one long task.
  startTransition(() => {
    if (hydrating) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

// After the task that set up the app's code: the browser may paint and answer taps in between.
setTimeout(() => void start(), 0);
