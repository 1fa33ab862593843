import { StrictMode, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { Themed } from '../app/Themed';
import type { StudioI18n } from './studio-i18n';
import type { StudioStore } from './studio-store';

/** The staff app's providers around its router (main.tsx: the browser's; tests: in memory), and its base styles. */
export function StudioApp({ store, i18n, children }: { store: StudioStore; i18n: StudioI18n; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <Themed>
            {/* The theme's font, colours and margins on the whole page: lists and links included. */}
            <CssBaseline />
            {children}
          </Themed>
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
