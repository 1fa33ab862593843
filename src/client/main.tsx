import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { appI18n } from './app/i18n';
import { AppRoutes } from './app/routes';
import { makeStore } from './app/store';
import { prefetchSplash } from './features/splash/splash-api';
import './shell.css';

async function start() {
  // `npm run dev:mock`: the client alone, the whole API answered by MSW in the browser.
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('./mocks/browser');
    await startMockWorker();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const store = makeStore();
  prefetchSplash(store);
  const i18n = appI18n();
  // English is in this script; Swahili, when kept for the session, is a file to wait for.
  await i18n.loadNamespaces(['common']);
  createRoot(root).render(
    <App store={store} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>,
  );
}

void start();
