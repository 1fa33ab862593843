import type { FastifyReply, FastifyRequest } from 'fastify';
import { message } from '../i18n/messages';

/**
 * Answers a 200 envelope around `dataJson` (serialized once, kept in memory), or 304 when the
 * client already has it. The message is in the request's language, so the ETag names the language.
 */
export function sendCached(request: FastifyRequest, res: FastifyReply, dataJson: string, etag: string): FastifyReply {
  const taggedEtag = `${etag.slice(0, -1)}-${request.language}"`;
  res.header('ETag', taggedEtag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim() === taggedEtag)) return res.code(304).send();
  const text = JSON.stringify(message(request.language, 'ok'));
  return res
    .code(200)
    .type('application/json; charset=utf-8')
    .send(`{"response":{"code":200,"message":${text},"data":${dataJson}}}`);
}
