import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, RouteShorthandOptions } from 'fastify';
import { answerEnvelopeSchema, type ApiCall, type RequestOf } from '../../shared/api/call';

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
  /** Extra documentation of the body, e.g. a multipart call's fields (its `body` schema is then only documented). */
  consumes?: string[];
};

/**
 * Adds the route of a shared call: its method and path, its body's schema (validated), and its answer's
 * schema (documented in the OpenAPI document and, outside production, every 200 checked against it:
 * registerAnswerChecks).
 */
export function contractRoute<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  { summary, consumes, config, ...options }: ContractRouteOptions<C>,
  handler: Handler<C>,
): void {
  // A multipart call documents its fields: Fastify validates only JSON bodies against `body`.
  const body = call.body && !consumes ? { body: call.body } : {};
  // Untyped here (the body's type is the handler's, RequestOf<C>): Fastify's generics over an
  // unresolved C are too deep for the compiler.
  const route: RouteOptions = {
    ...(options as Partial<RouteOptions>),
    method: call.method,
    url: call.path,
    config: { ...config, call },
    schema: { summary, ...(consumes ? { consumes } : {}), ...body, response: { 200: answerEnvelopeSchema(call) } },
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
  app.addHook('onRoute', (route) => {
    const call = route.config?.call;
    if (!call) return;
    const hooks = route.preSerialization;
    const own = async (request: FastifyRequest, res: FastifyReply, payload: unknown) => {
      if (res.statusCode !== 200) return payload;
      let validate = validators.get(call);
      if (!validate) {
        validate = ajv.compile(answerEnvelopeSchema(call));
        validators.set(call, validate);
      }
      if (validate(payload)) return payload;
      request.log.error({ call: call.path, errors: validate.errors }, 'the answer does not match its shared schema');
      throw new Error(`The answer of ${call.path} does not match its schema: ${ajv.errorsText(validate.errors)}`);
    };
    route.preSerialization = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), own];
  });
}
