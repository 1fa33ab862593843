import type { FastifyInstance } from 'fastify';
import { reply } from './envelope';

/**
 * Every /api call is a POST that may change something (cookies of a session go with it). A browser
 * names where a request comes from in Sec-Fetch-Site: only `same-origin` is a page of this portal.
 * `cross-site` and `same-site` are other sites (a form or a multipart upload needs no preflight, so
 * CORS alone does not stop it); `none` is a request the user started (typed address, bookmark), never
 * a POST from a page. Absent: an old browser or a machine client (the back-office CLI, curl), which
 * carries no ambient cookies of an applicant and is let through. Answered before the body is read.
 */
export function registerCrossSiteWrites(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, res) => {
    if (request.method !== 'POST' || !request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin') return;
    return reply(request, res, 403, 'cross_site_refused', {});
  });
}
