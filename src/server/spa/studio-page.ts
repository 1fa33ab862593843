import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OFFICE_PAGE } from '../../shared/api/staff-session';
import { STUDIO_PAGE } from '../../shared/api/studio';
import { chosenEncoding } from '../http/cached-answer';

/** The built studio's page (`vite build --mode studio`), beside the public index.html. */
export const STUDIO_HTML = 'studio.html';

/**
 * Sends the staff app's page (the form studio's, and the officers' workspace's) for /studio, /office
 * and every page under them (its router shows the page): never
 * stored (a page of staff's, `no-store`), never indexed. Its security headers are the app's
 * (http/security-headers.ts), but for the preview frame's page, which the studio itself may frame.
 * Nothing is registered when the build has no studio (API tests).
 */
export function registerStudioPage(app: FastifyInstance, staticDir: string): void {
  const file = path.join(staticDir, STUDIO_HTML);
  if (!existsSync(file)) return;
  const html = readFileSync(file);
  const compressed = {
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
  const send = (request: FastifyRequest, res: FastifyReply) => {
    res
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .header('Vary', 'Accept-Encoding');
    const encoding = chosenEncoding(request);
    if (encoding) return res.header('Content-Encoding', encoding).send(compressed[encoding]);
    return res.send(html);
  };
  app.get(STUDIO_PAGE, { schema: { hide: true } }, send);
  app.get(`${STUDIO_PAGE}/*`, { schema: { hide: true } }, send);
  app.get(OFFICE_PAGE, { schema: { hide: true } }, send);
  app.get(`${OFFICE_PAGE}/*`, { schema: { hide: true } }, send);
}
