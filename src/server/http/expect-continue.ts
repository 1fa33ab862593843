import type { FastifyInstance } from 'fastify';
import { ApiError } from './envelope';

/** What a multipart upload carries beside its file: its few fields, their headers and the boundaries. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * `Expect: 100-continue`: the client sends its body only once told to. Node says `100 Continue` to
 * every such request by itself, before any route is known, so a body over the route's limit was
 * invited and then refused. Here the server says nothing until the route's hooks have run: a declared
 * length over the route's limit (a JSON call's bodyLimit; an upload's, for multipart) gets the 413
 * envelope and never `100 Continue`, and any earlier refusal (rate limit, maintenance, cross-site) is
 * the answer as well; a body within the limit is asked for just before it is read.
 */
export function registerExpectContinue(app: FastifyInstance, uploadMaxBytes: number): void {
  // With a listener, Node leaves the 100 to us and hands the request over as 'checkContinue'.
  app.server.on('checkContinue', (request, response) => app.server.emit('request', request, response));
  app.addHook('preParsing', async (request, res) => {
    const expect = request.headers.expect;
    if (typeof expect !== 'string' || expect.trim().toLowerCase() !== '100-continue') return;
    const multipart = /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
    const limit = multipart ? uploadMaxBytes + MULTIPART_OVERHEAD_BYTES : request.routeOptions.bodyLimit;
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > limit) {
      // The client may send the body all the same (some do after a second): it is not read.
      res.header('Connection', 'close');
      throw new ApiError(413, 'too_large');
    }
    if (!res.raw.headersSent) res.raw.writeContinue();
  });
}
