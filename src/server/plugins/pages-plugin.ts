import type { FastifyInstance } from 'fastify';
import { registerErrorHandling } from '../http/error-handler';
import { registerStaticFiles } from '../spa/static-files';
import type { Parts } from './parts';

/**
 * The built client's files and pages (when STATIC_DIR has them), and the error handling (every error
 * the envelope; a page not found, the app's page), before the API's routes.
 */
export async function registerPages(
  app: FastifyInstance,
  { config, site, forms }: Pick<Parts, 'config' | 'site' | 'forms'>,
): Promise<void> {
  const spa = await registerStaticFiles(app, config.STATIC_DIR, site, {
    dataPreloads: (pathname, search) => forms.preloadsFor(pathname, search),
    // Under maintenance the app starts at once on every page, to show that it is.
    renderPages: !config.MAINTENANCE_MODE,
  });
  registerErrorHandling(app, { spa });
}
