import type { FastifyInstance } from 'fastify';
import { languageFromHeader, validationMessage } from '../i18n/messages';
import { ApiError } from './envelope';

/** A `\u0000` escape in JSON text (not an escaped backslash followed by `u0000`). */
const NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/;

/**
 * Request bodies are JSON only: no text/plain, which a browser sends cross-site without asking.
 * Parsed as Fastify does by default (`__proto__` and `constructor.prototype` keys refused), and a
 * string holding the NUL character is refused too: PostgreSQL cannot store it in text or jsonb,
 * so it would fail deep in a query, and no answer of any form needs it.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (NUL_ESCAPE.test(body as string)) {
      done(
        new ApiError(400, 'invalid_body', {
          errors: [
            {
              path: '/',
              message: validationMessage(languageFromHeader(request.headers['accept-language']), 'invalid'),
            },
          ],
        }),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });
}
