import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { setAppI18n } from '../app/i18n';
import { createStudioI18n, STUDIO_NAMESPACES } from './studio-i18n';
import { makeStudioStore } from './studio-store';
import { StudioApp } from './StudioApp';
import { StudioRoutes } from './StudioRoutes';

/**
 * The studio: an entry of its own (studio.html), so nothing of it is in the public pages' files, and
 * nothing of the public app's start (its early calls, service worker, landing page) runs here.
 */
async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('studio.html has no #root');
  const store = makeStudioStore();
  const i18n = createStudioI18n();
  // The base query (app/api.ts) asks for answers, and says its errors, in the studio's language.
  setAppI18n(i18n);
  await i18n.loadNamespaces([...STUDIO_NAMESPACES]);
  createRoot(root).render(
    <StudioApp store={store} i18n={i18n}>
      <BrowserRouter>
        <StudioRoutes />
      </BrowserRouter>
    </StudioApp>,
  );
}

void start();
