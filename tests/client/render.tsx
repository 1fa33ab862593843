import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { App } from '../../src/client/app/App';
import { createI18n, setAppI18n } from '../../src/client/app/i18n';
import { allTexts } from './locales';
import { testRouter } from './test-router';
import type { SessionUser } from '../../src/client/app/session-slice';
import { makeStore } from '../../src/client/app/store';
import type { Language } from '../../src/shared/reference-data';

export interface RenderAppOptions {
  /** The language to start in; by default the one kept for the session, else English (as main.tsx). */
  language?: Language;
  /** A signed-in applicant (the application record); none by default. */
  user?: SessionUser;
  /** 'app': only the texts the app starts with (English common and pages), the rest loaded when needed. */
  texts?: 'all' | 'app';
}

/** The whole app as main.tsx builds it, with a real store and i18n, on a memory router at `path`. */
export function renderApp(path: string, { language, user: sessionUser, texts = 'all' }: RenderAppOptions = {}) {
  const store = makeStore(sessionUser ? { session: { user: sessionUser } } : undefined);
  const i18n = createI18n(language, texts === 'all' ? allTexts : undefined);
  setAppI18n(i18n);
  const { element, router } = testRouter(path);
  const user: UserEvent = userEvent.setup();
  const result = render(
    <App store={store} i18n={i18n}>
      {element}
    </App>,
  );
  return { ...result, store, i18n, router, user };
}
