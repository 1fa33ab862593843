import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { I18n } from './i18n';
import type { PageSettings } from '../../shared/served-page';
import { PageSettingsContext } from './page-settings';
import type { AppStore, RootState } from './store';

export interface AppProps {
  store: AppStore;
  i18n: I18n;
  /** The router with the app's routes in it (main.tsx: the browser's; tests: in memory). */
  children: ReactNode;
  /** What the server wrote into the page (main.tsx), or rendered the page with (prerender.tsx). */
  pageSettings?: PageSettings;
  /**
   * The store's state as the server rendered the page, while the app takes that page over (hydration):
   * the state the app started with, before its first calls were made.
   */
  serverState?: RootState;
}

/**
 * The providers around the router; main.tsx and tests build the pieces. MUI's theme is not among
 * them: it loads with the pages that use MUI (Themed.tsx), the shell is plain (shell.css).
 */
export function App({ store, i18n, children, pageSettings, serverState }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store} serverState={serverState}>
        <I18nextProvider i18n={i18n}>
          <PageSettingsContext.Provider value={pageSettings}>{children}</PageSettingsContext.Provider>
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
