import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { anyCallErrors } from './errors';

/**
 * One API call's wire contract, defined once (issue 20, item 1): its path, its request body and the
 * `data` of its successful envelope, each a JSON Schema `as const` whose TypeScript type is derived from
 * it (RequestOf, AnswerOf). The server's route validates the body with it and documents the answer with
 * it (src/server/http/contract-route.ts: OpenAPI, and every answer checked against it outside production),
 * the service takes RequestOf, the client's RTK Query endpoint sends RequestOf and reads AnswerOf
 * (src/client/app/call-endpoint.ts callQuery/callMutation), and the mock answers at its path. tests/server/api-contract.test.ts
 * (every route) and tests/client/api-contract.test.ts (every endpoint and mock handler) check that each is
 * built from one of these.
 */
export interface ApiCall {
  /** The full path, e.g. '/api/application/save_and_continue'. */
  readonly path: `/api/${string}`;
  /** Every call of the contract is a POST (api-contract.md, Transport), but for reads a browser caches. */
  readonly method: 'POST' | 'GET';
  /** The JSON body, when the call takes one (a multipart upload documents its fields here). */
  readonly body?: JSONSchema;
  /** The envelope's `data` on success (code 200); for a download, the file (`{ type: 'string', format: 'binary' }`). */
  readonly answer: JSONSchema;
  /** A download: a 200 answers the file itself, of one of these types, not the envelope (errors still do). */
  readonly download?: readonly string[];
  /** A multipart/form-data call (an upload): `body` documents its fields, in the order they must come. */
  readonly multipart?: boolean;
  /**
   * Every refusal the call may give besides those any call may give (src/shared/api/errors.ts
   * anyCallErrors; the staff's in staff-errors.ts): each its HTTP status (the envelope's `code`),
   * the server's message key (`ApiError(status, code, data)`; the envelope's `message` is its text in
   * the request's language, so a client tells two answers of one status apart by their `data`), and
   * the schema of the envelope's `data`. Outside production the server answers 500 for an error answer
   * in neither list, or whose data is not as declared (src/server/http/contract-route.ts), and
   * tests/lint/error-answers-declared.test.ts finds a refusal written in src/server that no call declares.
   */
  readonly errors?: readonly ApiErrorAnswer[];
}

/** One error answer of the contract: `ApiError(status, code, data)` on the server, the envelope's `data` on the wire. */
export interface ApiErrorAnswer {
  readonly status: number;
  readonly code: string;
  readonly data: JSONSchema;
}

/** The answer schema of a download. */
export const fileAnswer = { type: 'string', format: 'binary' } as const;

/** Defines a call: `apiCall({ path, method, body, answer } as const)` keeps the literal types. */
export function apiCall<const C extends ApiCall>(call: C): C {
  return call;
}

/** What the client sends: the body's type. */
export type RequestOf<C extends ApiCall> = C['body'] extends JSONSchema ? FromSchema<C['body']> : void;

/** What the client gets: the `data` of the successful envelope. */
export type AnswerOf<C extends ApiCall> = FromSchema<C['answer']>;

/** Defines an error answer shared by calls: `apiError({ status, code, data } as const)` keeps the literal types. */
export function apiError<const E extends ApiErrorAnswer>(error: E): E {
  return error;
}

/** The `data` of an error answer. */
export type ErrorData<E extends ApiErrorAnswer> = FromSchema<E['data']>;

/** The error answers a call may give: those it declares, and those of any call (errors.ts anyCallErrors). */
export type ErrorsOf<C extends ApiCall> =
  (C['errors'] extends readonly (infer E)[] ? E : never) | (typeof anyCallErrors)[number];

/** The message keys of a call's error answers. */
export type ErrorCodeOf<C extends ApiCall> = ErrorsOf<C> extends { code: infer K } ? K : never;

/** The `data` of one error answer of a call, by its message key: `ErrorDataOf<typeof saveAndContinue, 'forms_changed'>`. */
export type ErrorDataOf<C extends ApiCall, Code extends ErrorCodeOf<C>> =
  Extract<ErrorsOf<C>, { code: Code }> extends { data: infer D extends JSONSchema } ? FromSchema<D> : never;

/** The path under /api, as the client's base query takes it ('/application/save_and_continue'). */
export function pathUnderApi(call: ApiCall): string {
  return call.path.slice('/api'.length);
}

/** The envelope (api-contract.md, Transport) of an answer with this code around this `data`. */
function envelopeSchema<const Code extends number, const Data>(code: Code, data: Data) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['response'],
    properties: {
      response: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'message', 'data'],
        properties: {
          code: { type: 'integer', const: code },
          message: { type: 'string' },
          data,
        },
      },
    },
  } as const;
}

/** The successful envelope around a call's answer (api-contract.md, Transport). */
export function answerEnvelopeSchema(call: ApiCall) {
  return envelopeSchema(200, call.answer);
}

/** The envelope of one error answer around its `data`: what the server checks it sends outside production. */
export function errorAnswerEnvelopeSchema(error: ApiErrorAnswer) {
  return envelopeSchema(error.status, error.data);
}

/**
 * Error answers by HTTP status (a call's own and those of any call), each the envelope around its `data`
 * (anyOf when codes of one status differ in `data`; one schema when they share it), described by their
 * message keys: the OpenAPI document's non-200 responses.
 */
export function errorEnvelopeSchemas(errors: readonly ApiErrorAnswer[]): Record<number, JSONSchema> {
  const byStatus = new Map<number, ApiErrorAnswer[]>();
  for (const error of errors) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  return Object.fromEntries(
    [...byStatus].map(([status, errors]) => {
      const datas = [...new Set(errors.map((error) => error.data))];
      return [
        status,
        {
          description: `Refused: ${errors.map((error) => `\`${error.code}\``).join(' or ')} (the message key; \`message\` is its text).`,
          ...envelopeSchema(status, datas.length === 1 ? datas[0]! : { anyOf: datas }),
        },
      ];
    }),
  );
}
