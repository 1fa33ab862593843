import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed files under /assets/ cached for a year, everything else revalidated,
 * pre-compressed .br/.gz siblings (written by the build) chosen by Accept-Encoding.
 * Returns false when there is no build, e.g. in API tests.
 */
export async function registerStaticFiles(app: FastifyInstance, root: string): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  // The root is a folder, which the plugin refuses (no index): the SPA's page, whose router goes on from there.
  app.get('/', { schema: { hide: true } }, (_request, res) =>
    res.header('Cache-Control', 'no-cache').sendFile('index.html'),
  );
  return true;
}
