import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../../shared/reference-data';
import { RENDERED_PAGES } from '../../shared/served-page';
import { SpaPages, type DataPreloads } from './spa-pages';
import { registerStudioPage, STUDIO_HTML } from './studio-page';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed files under /assets/ cached for a year, everything else revalidated,
 * pre-compressed .br/.gz siblings (written by the build) chosen by Accept-Encoding. The app's pages
 * (index.html, and the landing page ready to read unless `renderPages` is false) come from SpaPages.
 * Returns undefined when there is no build, e.g. in API tests.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  root: string,
  site: SiteSettings,
  options: { dataPreloads?: DataPreloads; renderPages?: boolean } = {},
): Promise<SpaPages | undefined> {
  if (!existsSync(path.join(root, 'index.html'))) return undefined;
  const pages = new SpaPages(root, site, app.log, options);
  await pages.prepare();
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    index: false,
    wildcard: true,
    cacheControl: false,
    // index.html is sent by SpaPages, with the page settings in it; the build's manifest is for SpaPages;
    // studio.html only as the studio's pages, with their headers (studio-page.ts).
    allowedPath: (pathName) =>
      pathName !== '/index.html' && pathName !== `/${STUDIO_HTML}` && !pathName.startsWith('/.vite/'),
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  registerStudioPage(app, root);
  // The landing page and the URLs that redirect to it ('/' → '/home' → '/home/landing'): the page itself.
  for (const url of RENDERED_PAGES['/home/landing'] ?? []) {
    app.get(url, { schema: { hide: true } }, (request, res) => pages.send(request, res));
  }
  return pages;
}
