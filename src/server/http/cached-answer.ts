import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { message } from '../i18n/messages';

type Encoding = 'br' | 'gzip';

/** Below this the answer goes as it is (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;
/** Answers kept compressed: a few versions of the forms and the splash, in two languages and two encodings. */
const KEPT = 32;

/**
 * The envelopes around cached data, compressed once per version, language and encoding (at the best
 * ratio: they go to phones on slow networks) instead of once per request. Compression runs in the
 * thread pool; until it is done, @fastify/compress compresses the answer as it does any other.
 */
const compressed = new Map<string, Buffer | Promise<void>>();

function compressedAnswer(key: string, body: string, encoding: Encoding): Buffer | undefined {
  const kept = compressed.get(key);
  if (Buffer.isBuffer(kept)) return kept;
  if (kept) return undefined;
  const done = new Promise<void>((resolve) => {
    const keep = (error: Error | null, result: Buffer) => {
      if (error) compressed.delete(key);
      else compressed.set(key, result);
      resolve();
    };
    if (encoding === 'br') {
      brotliCompress(
        body,
        { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
        keep,
      );
    } else {
      gzip(body, { level: 9 }, keep);
    }
  });
  compressed.set(key, done);
  while (compressed.size > KEPT) compressed.delete(compressed.keys().next().value!);
  return undefined;
}

/** br or gzip when Accept-Encoding takes it (br preferred on a tie, as @fastify/compress does), else none. */
export function chosenEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return undefined;
  const q: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q[token.trim() === 'x-gzip' ? 'gzip' : token.trim()] = weight === undefined ? 1 : Number(weight);
  }
  const of = (encoding: Encoding) => q[encoding] ?? q['*'] ?? 0;
  const best = (['br', 'gzip'] as const).reduce<Encoding | undefined>(
    (chosen, e) => (of(e) > 0 && (chosen === undefined || of(e) > of(chosen)) ? e : chosen),
    undefined,
  );
  return best && (q.identity ?? 0) <= of(best) ? best : undefined;
}

declare const jsonOfData: unique symbol;

/** The JSON text of a `T`, written once (jsonOf): a cached answer's data keeps its type (contractRoute's `cached`). */
export type JsonOf<T> = string & { readonly [jsonOfData]: T };

/** `data` as JSON, its type kept. */
export function jsonOf<T>(data: T): JsonOf<T> {
  return JSON.stringify(data) as JsonOf<T>;
}

/** A strong ETag of a text (its SHA-256, shortened): the same JSON or page, the same tag, on every server. */
export function textEtag(json: string | Buffer): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
}

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
  const body = `{"response":{"code":200,"message":${text},"data":${dataJson}}}`;
  res.code(200).type('application/json; charset=utf-8');
  const encoding = body.length >= COMPRESS_FROM_BYTES ? chosenEncoding(request) : undefined;
  const ready = encoding && compressedAnswer(`${taggedEtag}:${encoding}`, body, encoding);
  if (ready) {
    return res.header('Vary', 'Accept-Language, Accept-Encoding').header('Content-Encoding', encoding).send(ready);
  }
  return res.send(body);
}
