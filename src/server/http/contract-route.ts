import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, RouteShorthandOptions } from 'fastify';
import {
  answerEnvelopeSchema,
  errorAnswerEnvelopeSchema,
  errorEnvelopeSchemas,
  type AnswerOf,
  type ApiCall,
  type RequestOf,
} from '../../shared/api/call';
import { declaredErrors } from '../../shared/api/errors';
import { sendCached, type JsonOf } from './cached-answer';
import { answeredKey, envelope, reply } from './envelope';
import { message } from '../i18n/messages';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared definition the route is built from (src/shared/api/call.ts). */
    call?: ApiCall;
  }
}

declare const answered: unique symbol;

/**
 * What a contract route's handler returns: its call answered through its `Answer` (only it makes one;
 * another call's answer does not do), so the compiler holds every handler to its call's answer
 * (tests/lint/contract-handlers.test.ts plants wrong ones). Not the reply itself: Fastify's reply is
 * thenable, and an async function returning one returns `any` to the compiler.
 */
export interface Sent<C extends ApiCall> {
  readonly [answered]: C['path'];
}

type CookieOptions = Parameters<FastifyReply['setCookie']>[2];

/**
 * The reply as a contract route's handler holds it: its cookies only, so that it answers through
 * `answer` (with the whole reply, `return res.send(anything)` would compile: see Sent).
 */
export interface CookieReply {
  setCookie(name: string, value: string, options?: CookieOptions): unknown;
  clearCookie(name: string, options?: CookieOptions): unknown;
}

/** A file of a download call, of one of the types it declares. */
export interface DownloadFile<C extends ApiCall> {
  type: C extends { download: readonly (infer T)[] } ? T : never;
  /** The name it is saved under (Content-Disposition). */
  name: string;
  bytes: Buffer | Readable;
  /** Content-Length, when known before it is read. */
  size?: number;
}

/** How a handler answers its call (the envelope's 200, its `data` of the call's type; or, for a download, the file). */
export type Answer<C extends ApiCall> = C extends { download: readonly string[] }
  ? { file(file: DownloadFile<C>): Sent<C> }
  : {
      /** The 200 envelope around the call's answer; the message is `messageKey`'s (default 'ok') filled from `params`. */
      ok(data: AnswerOf<C>, messageKey?: string, params?: Record<string, unknown>): Sent<C>;
      /** The 200 envelope around the call's answer written once already (jsonOf), with its ETag; or 304. */
      cached(json: JsonOf<AnswerOf<C>>, etag: string): Sent<C>;
    };

type Handler<C extends ApiCall> = (
  request: FastifyRequest<{ Body: RequestOf<C> }>,
  res: CookieReply,
  answer: Answer<C>,
) => Promise<Sent<C>>;

/** The answers of one request (untyped here: the handler's `Answer<C>` types them). */
function answerOf(request: FastifyRequest, res: FastifyReply) {
  return {
    ok: (data: unknown, messageKey = 'ok', params?: Record<string, unknown>) =>
      reply(request, res, 200, messageKey, data, params),
    cached: (json: string, etag: string) => sendCached(request, res, json, etag),
    file: ({ type, name, bytes, size }: { type: string; name: string; bytes: Buffer | Readable; size?: number }) => {
      res.header('Content-Type', type);
      if (size !== undefined) res.header('Content-Length', String(size));
      return res
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(bytes);
    },
  };
}

export type ContractRouteOptions<C extends ApiCall> = Omit<
  RouteShorthandOptions<never, never, never, { Body: RequestOf<C> }>,
  'schema'
> & {
  /** What the call does, for the OpenAPI document. */
  summary: string;
};

/**
 * Adds the route of a shared call: its method and path, its body's schema (validated), its answer's
 * schema (documented in the OpenAPI document and, outside production, every 200 checked against it:
 * registerAnswerChecks), and its error answers (`errors`, documented under their status).
 */
export function contractRoute<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  { summary, config, ...options }: ContractRouteOptions<C>,
  // Not inferred from: C is the call's (inferring it from the answers too is too deep for the compiler).
  handler: NoInfer<Handler<C>>,
): void {
  // A multipart call documents its fields (the upload's own parser checks them): Fastify would validate
  // its body as JSON.
  const body = call.body && !call.multipart ? { body: call.body } : {};
  const consumes = call.multipart ? { consumes: ['multipart/form-data'] } : {};
  const answer = call.download
    ? {
        description: 'The file (errors answer the envelope).',
        content: Object.fromEntries(call.download.map((type) => [type, { schema: call.answer }])),
      }
    : answerEnvelopeSchema(call);
  // Untyped here (the body's type is the handler's, RequestOf<C>): Fastify's generics over an
  // unresolved C are too deep for the compiler.
  const route: RouteOptions = {
    ...(options as Partial<RouteOptions>),
    method: call.method,
    url: call.path,
    config: { ...config, call },
    schema: { summary, ...consumes, ...body, response: { 200: answer, ...errorEnvelopeSchemas(declaredErrors(call)) } },
    handler: (request, res) =>
      (handler as unknown as (request: FastifyRequest, res: FastifyReply, answer: unknown) => Promise<unknown>)(
        request,
        res,
        answerOf(request, res),
      ),
  };
  app.route(route);
}

/**
 * The answer's schema documents and checks, it never changes what is sent: answers are written with
 * JSON.stringify, not by a serializer built from the schema (which drops and coerces what the schema
 * does not say). Outside production (`check`), each successful answer of a contract route is checked
 * against its schema before it is sent, and a mismatch answers 500 and is logged with the failed rules:
 * every API and browser test then holds the documentation true.
 */
export function registerAnswerChecks(app: FastifyInstance, check: boolean): void {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  if (!check) return;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new WeakMap<object, ValidateFunction>();
  const validatorOf = (of: object, schema: () => object) => {
    let validate = validators.get(of);
    if (!validate) {
      validate = ajv.compile(schema());
      validators.set(of, validate);
    }
    return validate;
  };
  const checked = new WeakSet<FastifyRequest>();
  const hold = (request: FastifyRequest, call: ApiCall, payload: unknown) => {
    checked.add(request);
    const validate = validatorOf(call, () => answerEnvelopeSchema(call));
    if (validate(payload)) return;
    request.log.error({ call: call.path, errors: validate.errors }, 'the answer does not match its shared schema');
    throw new Error(`The answer of ${call.path} does not match its schema: ${ajv.errorsText(validate.errors)}`);
  };
  const internalError = (request: FastifyRequest, res: FastifyReply) => {
    res.code(500);
    return envelope(500, message(request.language, 'internal_error', { request_id: request.id }), {
      request_id: request.id,
    });
  };
  /**
   * An error answer (its status and message key, answeredKey) that neither the call nor every call
   * declares, or whose envelope does not match the declared schema: answered 500 instead (the error
   * handler has run already, so the 500 is written here), and logged. Every API and browser test then
   * holds the contract's error answers true, as it does its 200s.
   */
  const holdError = (request: FastifyRequest, res: FastifyReply, call: ApiCall, payload: unknown): unknown => {
    const key = answeredKey(request);
    const declared = declaredErrors(call).find((error) => error.status === res.statusCode && error.code === key);
    if (!declared) {
      request.log.error(
        { call: call.path, status: res.statusCode, code: key },
        'an error answer its call does not declare',
      );
      return internalError(request, res);
    }
    const validate = validatorOf(declared, () => errorAnswerEnvelopeSchema(declared));
    if (validate(payload)) return payload;
    request.log.error(
      { call: call.path, code: declared.code, errors: validate.errors },
      'the error answer does not match its shared schema',
    );
    return internalError(request, res);
  };
  app.addHook('onRoute', (route) => {
    const call = route.config?.call;
    if (!call) return;
    const listed = <T>(hooks: T | T[] | undefined): T[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);
    // An answer sent as an object, before it is written. A download's 200 is the file: only its errors are the envelope.
    const beforeWriting = async (request: FastifyRequest, res: FastifyReply, payload: unknown) => {
      if (res.statusCode === 200) {
        if (!call.download) hold(request, call, payload);
        return payload;
      }
      return holdError(request, res, call, payload);
    };
    // An answer sent already written (a cached JSON string, e.g. get_forms and get_splash with their ETag).
    const written = async (request: FastifyRequest, res: FastifyReply, payload: unknown) => {
      if (res.statusCode === 200 && !call.download && typeof payload === 'string' && !checked.has(request)) {
        hold(request, call, JSON.parse(payload));
      }
      return payload;
    };
    route.preSerialization = [...listed(route.preSerialization), beforeWriting];
    route.onSend = [...listed(route.onSend), written];
  });
}
