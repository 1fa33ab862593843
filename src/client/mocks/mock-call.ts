import {
  http,
  type DefaultBodyType,
  type HttpResponseResolver,
  type PathParams,
  type RequestHandlerOptions,
} from 'msw';
import type { AnswerOf, ApiCall, ApiErrorAnswer, ErrorCodeOf, ErrorDataOf, RequestOf } from '../../shared/api/call';
import { declaredErrors } from '../../shared/api/errors';
import { envelope } from './mock-answers';

/**
 * The mock backend's and the client tests' answers, built from the shared call they answer (issue 32,
 * item 1): a handler at the call's path and method (mockCall), the envelope around data of the call's
 * answer type (answerFor) or of one of its declared error answers (refusalFor). The compiler checks
 * the data against the call's types (tests/lint/contract-client.test.ts plants a wrong one), and in
 * tests each answer is also checked against the call's schema at run time (tests/client/setup.ts
 * installs checkMockAnswersWith; the mock mode in the browser carries no validator).
 */

/** Checks an answer's data against a schema of the contract; throws on a mismatch. */
export type MockAnswerCheck = (
  what: { call: ApiCall; error?: ApiErrorAnswer },
  schema: NonNullable<ApiCall['answer']>,
  data: unknown,
) => void;

let check: MockAnswerCheck | undefined;

/** Checks every answer built here from now on (the client tests' setup installs an ajv check). */
export function checkMockAnswersWith(answerCheck: MockAnswerCheck | undefined): void {
  check = answerCheck;
}

// Each helper below is typed by its call (the overload) and written once untyped (the implementation):
// the types are checked where a mock is written, not instantiated again for the call's generic type.

/**
 * The data of `call`'s answer. While the compiler infers C, it types an object literal argument by C's
 * constraint, and the answer type of any schema (FromSchema<JSONSchema>) is "excessively deep": for
 * ApiCall itself the data is `unknown`, and the literal is checked against AnswerOf<C> once C is known.
 */
export type AnswerData<C extends ApiCall> = ApiCall extends C ? unknown : AnswerOf<C>;

/** The data of one of `call`'s error answers, by its message key (`unknown` for ApiCall itself, as AnswerData). */
type RefusalData<C extends ApiCall, Code extends ErrorCodeOf<C>> = ApiCall extends C ? unknown : ErrorDataOf<C, Code>;

/** The successful answer of `call`: the envelope around data of its answer type. */
export function answerFor<C extends ApiCall>(call: C, data: NoInfer<AnswerData<C>>, message?: string): Response;
export function answerFor(call: ApiCall, data: unknown, message?: string): Response {
  return answer(call, data, message);
}

function answer(call: ApiCall, data: unknown, message = 'OK'): Response {
  // A download's 200 is the file, not the envelope: its answer has no data to check.
  if (!call.download) check?.({ call }, call.answer, data);
  return envelope(200, message, data);
}

/** An error answer `call` declares (src/shared/api/errors.ts), by its message key: its status, and its data. */
export function refusalFor<C extends ApiCall, const Code extends ErrorCodeOf<C>>(
  call: C,
  code: Code,
  message: string,
  data: NoInfer<RefusalData<C, Code>>,
): Response;
export function refusalFor(call: ApiCall, code: string, message: string, data: unknown): Response {
  return refusal(call, code, message, data);
}

function refusal(call: ApiCall, code: string, message: string, data: unknown): Response {
  const error = declaredErrors(call).find((declared) => declared.code === code);
  if (!error) throw new Error(`${call.path} declares no error answer '${code}'`);
  check?.({ call, error }, error.data, data);
  return envelope(error.status, message, data);
}

/** What a mockCall resolver is given besides msw's own: the request's body, and the answer of this call. */
export interface MockCallTools<C extends ApiCall> {
  /** The JSON body as the call types it (an upload's is a FormData: read `request.formData()`). */
  body: () => Promise<RequestOf<C>>;
  /** answerFor(call, …) */
  answer: (data: AnswerOf<C>, message?: string) => Response;
}

type Resolver = HttpResponseResolver<PathParams, DefaultBodyType, DefaultBodyType>;
type ResolverInfo = Parameters<Resolver>[0];

/**
 * An msw handler of `call`, at its path with its method; the resolver answers with the tools of this call.
 * C is inferred from `call` alone (NoInfer): inferring it from the resolver too would walk the call's
 * request and answer types through msw's (TS2589, "type instantiation is excessively deep").
 */
export function mockCall<C extends ApiCall>(
  call: C,
  resolver: NoInfer<(info: ResolverInfo & MockCallTools<C>) => ReturnType<Resolver>>,
  options?: RequestHandlerOptions,
): ReturnType<typeof http.post>;
export function mockCall(
  call: ApiCall,
  resolver: (info: never) => ReturnType<Resolver>,
  options?: RequestHandlerOptions,
) {
  const handle = call.method === 'GET' ? http.get : http.post;
  return handle(
    call.path,
    (info) =>
      resolver({
        ...info,
        body: async () => (await info.request.json()) ?? {},
        answer: (data: unknown, message?: string) => answer(call, data, message),
      } as never),
    options,
  );
}
