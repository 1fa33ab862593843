import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_FIELD_ERRORS } from '../../shared/answer-bounds';
import type { FieldError } from '../../shared/envelope';
import { StorageFailedError, StoredFileMissingError } from '../attachments/file-storage';
import { DatabaseUnavailableError } from '../db/database-errors';
import { languageFromHeader } from '../i18n/messages';
import { ApiError, reply } from './envelope';
import type { SpaPages } from '../spa/spa-pages';

const clientErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'too_large'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_BAD_URL: [400, 'bad_request'],
};

/** The route schema's errors, the first MAX_FIELD_ERRORS of them: a hostile body can have thousands. */
function fieldErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).slice(0, MAX_FIELD_ERRORS).map((v) => {
    const missing =
      v.keyword === 'required' ? `/${String((v.params as { missingProperty?: unknown }).missingProperty)}` : '';
    const extra =
      v.keyword === 'additionalProperties'
        ? `/${String((v.params as { additionalProperty?: unknown }).additionalProperty)}`
        : '';
    return { path: `${v.instancePath}${missing}${extra}` || '/', message: v.message ?? 'is not valid' };
  });
}

/** Every error becomes the envelope; a 500 carries only the request id, never the error itself. */
export function registerErrorHandling(app: FastifyInstance, options: { spa: SpaPages | undefined }): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, res: FastifyReply) => {
    if (error instanceof ApiError) {
      if (error.code === 429 && typeof error.data.retry_after_s === 'number') {
        res.header('Retry-After', String(error.data.retry_after_s));
      }
      return reply(request, res, error.code, error.messageKey, error.data, error.params);
    }
    if (error instanceof DatabaseUnavailableError) {
      // The pool has already dropped the broken connection: the next request tries again by itself.
      request.log.warn({ err: { type: error.name, message: error.message } }, 'database unavailable');
      return reply(request, res, 503, 'database_unavailable', {});
    }
    if (error instanceof StorageFailedError) {
      // The partial file is already gone and no record was made; the operator must free or fix the folder.
      request.log.error({ err: { type: error.name, message: error.message } }, 'file storage failed');
      return reply(request, res, 503, 'storage_unavailable', {});
    }
    if (error instanceof StoredFileMissingError) {
      // The record is there but not its file (a lost volume, a copy left out): the operator must restore it.
      request.log.error({ err: { type: error.name, message: error.message } }, 'stored file missing');
      return reply(request, res, 503, 'file_unavailable', {});
    }
    if (error.validation) {
      return reply(request, res, 400, 'invalid_body', { errors: fieldErrors(error) });
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply(request, res, known[0], known[1], {});
    if (error instanceof SyntaxError || error.statusCode === 400) return reply(request, res, 400, 'invalid_json', {});
    if (error.statusCode === 413) return reply(request, res, 413, 'too_large', {});
    if (error.statusCode === 415) return reply(request, res, 415, 'unsupported_media_type', {});
    if (error.statusCode === 503) return reply(request, res, 503, 'unavailable', {});
    // Any other client error a plugin raises is the client's, not a 500: a folder the static files
    // refuse to list (403), multipart's 406 for a field that is not the JSON it declares (no code of
    // the contract's: 400).
    if (error.statusCode === 403) return reply(request, res, 403, 'access_denied', {});
    if (error.statusCode === 404) return reply(request, res, 404, 'not_found', {});
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply(request, res, 400, 'bad_request', {});
    }

    request.log.error(
      { err: { type: error.name, message: error.message, code: error.code, stack: error.stack } },
      'request failed',
    );
    return reply(request, res, 500, 'internal_error', { request_id: request.id }, { request_id: request.id });
  });

  app.setNotFoundHandler((request, res) => {
    // The SPA owns every other GET path: its router shows the page or sends the user to /.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (options.spa && isPage) return options.spa.send(request, res);
    return reply(request, res, 404, 'not_found', {});
  });
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (e.g. `/api/%`) is answered before any route or
 * hook runs, so this answer sets what the hooks would: the language, the envelope, and the headers
 * that matter for an error (no sniffing, no caching).
 */
export function answerFrameworkError(_error: FastifyError, request: FastifyRequest, res: FastifyReply): void {
  request.language = languageFromHeader(request.headers['accept-language']);
  res.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'no-store');
  void reply(request, res, 400, 'bad_request', {});
}
