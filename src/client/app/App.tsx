import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { I18n } from './i18n';
import type { AppStore } from './store';

export interface AppProps {
  store: AppStore;
  i18n: I18n;
  /** The router with the app's routes in it (main.tsx: the browser's; tests: in memory). */
  children: ReactNode;
}

/**
 * The providers around the router; main.tsx and tests build the pieces. MUI's theme is not among
 * them: it loads with the pages that use MUI (Themed.tsx), the shell is plain (shell.css).
 */
export function App({ store, i18n, children }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
