import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, RouteShorthandOptions } from 'fastify';
import { answerEnvelopeSchema, errorEnvelopeSchemas, type ApiCall, type RequestOf } from '../../shared/api/call';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared definition the route is built from (src/shared/api/call.ts). */
    call?: ApiCall;
  }
}

type Handler<C extends ApiCall> = (
  request: FastifyRequest<{ Body: RequestOf<C> }>,
  res: FastifyReply,
) => Promise<FastifyReply | undefined>;

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
  handler: Handler<C>,
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
    schema: { summary, ...consumes, ...body, response: { 200: answer, ...errorEnvelopeSchemas(call) } },
    handler: handler as unknown as RouteOptions['handler'],
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
  const validators = new WeakMap<ApiCall, ValidateFunction>();
  const validatorOf = (call: ApiCall) => {
    let validate = validators.get(call);
    if (!validate) {
      validate = ajv.compile(answerEnvelopeSchema(call));
      validators.set(call, validate);
    }
    return validate;
  };
  const checked = new WeakSet<FastifyRequest>();
  const hold = (request: FastifyRequest, call: ApiCall, payload: unknown) => {
    checked.add(request);
    const validate = validatorOf(call);
    if (validate(payload)) return;
    request.log.error({ call: call.path, errors: validate.errors }, 'the answer does not match its shared schema');
    throw new Error(`The answer of ${call.path} does not match its schema: ${ajv.errorsText(validate.errors)}`);
  };
  app.addHook('onRoute', (route) => {
    const call = route.config?.call;
    // A download's 200 is the file: only its errors are the envelope.
    if (!call || call.download) return;
    const listed = <T>(hooks: T | T[] | undefined): T[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);
    // An answer sent as an object, before it is written.
    const beforeWriting = async (request: FastifyRequest, res: FastifyReply, payload: unknown) => {
      if (res.statusCode === 200) hold(request, call, payload);
      return payload;
    };
    // An answer sent already written (a cached JSON string, e.g. get_forms and get_splash with their ETag).
    const written = async (request: FastifyRequest, res: FastifyReply, payload: unknown) => {
      if (res.statusCode === 200 && typeof payload === 'string' && !checked.has(request)) {
        hold(request, call, JSON.parse(payload));
      }
      return payload;
    };
    route.preSerialization = [...listed(route.preSerialization), beforeWriting];
    route.onSend = [...listed(route.onSend), written];
  });
}
