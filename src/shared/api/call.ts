import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * One API call's wire contract, defined once (issue 20, item 1): its path, its request body and the
 * `data` of its successful envelope, each a JSON Schema `as const` whose TypeScript type is derived from
 * it (RequestOf, AnswerOf). The server's route validates the body with it and documents the answer with
 * it (src/server/http/contract-route.ts: OpenAPI, and every answer checked against it outside production),
 * the service takes RequestOf, the client's RTK Query endpoint sends RequestOf and reads AnswerOf
 * (src/client/app/api.ts callRequest), and the mock answers at its path. tests/server/api-contract.test.ts
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

/** The path under /api, as the client's base query takes it ('/application/save_and_continue'). */
export function pathUnderApi(call: ApiCall): string {
  return call.path.slice('/api'.length);
}

/** The successful envelope around a call's answer (api-contract.md, Transport). */
export function answerEnvelopeSchema(call: ApiCall) {
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
          code: { type: 'integer', const: 200 },
          message: { type: 'string' },
          data: call.answer,
        },
      },
    },
  } as const;
}
