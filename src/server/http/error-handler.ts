import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError } from '../../shared/envelope';
import { ApiError, reply } from './envelope';

const clientErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'too_large'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_BAD_URL: [400, 'bad_request'],
};

function fieldErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((v) => {
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
export function registerErrorHandling(app: FastifyInstance, options: { spa: boolean }): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, res: FastifyReply) => {
    if (error instanceof ApiError) {
      if (error.code === 429 && typeof error.data.retry_after_s === 'number') {
        res.header('Retry-After', String(error.data.retry_after_s));
      }
      return reply(request, res, error.code, error.messageKey, error.data, error.params);
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

    request.log.error(
      { err: { type: error.name, message: error.message, code: error.code, stack: error.stack } },
      'request failed',
    );
    return reply(request, res, 500, 'internal_error', { request_id: request.id }, { request_id: request.id });
  });

  app.setNotFoundHandler((request, res) => {
    // The SPA owns every other GET path: its router shows the page or sends the user to /.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (options.spa && isPage) return res.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply(request, res, 404, 'not_found', {});
  });
}
