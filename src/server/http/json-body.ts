import type { FastifyInstance } from 'fastify';
import { languageFromHeader, validationMessage } from '../i18n/messages';
import { ApiError } from './envelope';

/** A `\u0000` escape in JSON text (not an escaped backslash followed by `u0000`). */
const NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/;
/** A surrogate's escape (`\ud800`…`\udfff`): only then may a parsed string hold half a character. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
/** Half of a character: a surrogate without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A key as a JSON pointer writes it. */
const pointerPart = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Where a parsed body holds half a character, in a key or a string, as a JSON pointer; undefined when
 * it holds none. Walked only when the text has a surrogate's escape, with a list, not recursion, so
 * that a deeply nested body cannot exhaust the stack.
 */
function loneSurrogateAt(body: unknown): string | undefined {
  const pending: [unknown, string][] = [[body, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return path || '/';
    } else if (Array.isArray(value)) value.forEach((item, i) => pending.push([item, `${path}/${i}`]));
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return path || '/';
        pending.push([item, `${path}/${pointerPart(key)}`]);
      }
  }
  return undefined;
}

/**
 * Request bodies are JSON only: no text/plain, which a browser sends cross-site without asking.
 * Parsed as Fastify does by default (`__proto__` and `constructor.prototype` keys refused), and a
 * string holding the NUL character or half a character (a lone surrogate, `\ud800`) is refused too:
 * PostgreSQL cannot store either in jsonb, so it would fail deep in a query (after other writes of
 * the same call had been made: a revoked permit whose notice then failed), and no answer needs them.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const refused = (path = '/') =>
      new ApiError(400, 'invalid_body', {
        errors: [
          { path, message: validationMessage(languageFromHeader(request.headers['accept-language']), 'invalid') },
        ],
      });
    const text = body as string;
    if (NUL_ESCAPE.test(text)) return done(refused(), undefined);
    // Fastify's own parser answers through the callback (its type also allows a promise-returning parser).
    void parseJson(request, text, (error, parsed) => {
      const half = error || !SURROGATE_ESCAPE.test(text) ? undefined : loneSurrogateAt(parsed);
      if (half !== undefined) return done(refused(half), undefined);
      done(error, parsed);
    });
  });
}
