// The server's render of the pages it sends ready to read (the landing page): built by Vite into
// dist/prerender/ (`npm run build`) and loaded by the server at start (src/server/spa/spa-pages.ts).
// The app takes such a page over as it is (main.tsx hydrates it): the same routes and components,
// rendered with the same texts, settings and starting state as the browser will have.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import enCommon from '../../locales/en/common.json';
import swCommon from '../../locales/sw/common.json';
import type { Language } from '../shared/reference-data';
import type { PageRenderer, PageSettings, RenderedPage } from '../shared/served-page';
import { App } from './app/App';
import { createI18n } from './app/i18n';
import { AppRoutes, modulesByPath } from './app/routes';

export { modulesByPath };
import { makeStore } from './app/store';

const texts = { en: { common: enCommon }, sw: { common: swCommon } };

/** The title key of each page rendered here, as its PageHeading sets the document's title. */
const TITLES: Record<string, string> = { '/home/landing': 'titles.landing' };

export const renderPage: PageRenderer['renderPage'] = (
  path: string,
  language: Language,
  settings: PageSettings,
): RenderedPage => {
  const titleKey = TITLES[path];
  if (!titleKey) throw new Error(`${path} is not a page the server renders`);
  const i18n = createI18n(language, texts);
  const html = renderToString(
    <App store={makeStore()} i18n={i18n} pageSettings={settings}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </App>,
  );
  const title = i18n.t('titles.suffix', { page: i18n.t(titleKey) });
  return { html, title };
};
