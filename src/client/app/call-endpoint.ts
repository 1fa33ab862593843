import type {
  BaseQueryFn,
  EndpointBuilder,
  MutationDefinition,
  MutationExtraOptions,
  QueryDefinition,
  QueryExtraOptions,
} from '@reduxjs/toolkit/query/react';
import { pathUnderApi, type AnswerOf, type ApiCall, type RequestOf } from '../../shared/api/call';
import type { ApiFailure, ApiRequest } from './api';

/**
 * RTK Query endpoints derived from their shared call (issue 32, item 1): `callQuery(build, call)` and
 * `callMutation(build, call)` send the call and type the endpoint from it, so that an endpoint pointed
 * at one call cannot read another's answer or send another's body, and the compiler checks it
 * (tests/lint/contract-client.test.ts plants the mistake). The endpoint's argument is the call's body
 * (RequestOf), or nothing for a call that takes `{}`, unless `send.body` declares the mapping from an
 * argument of the endpoint's own; its result is the call's answer (AnswerOf), unless `transformResponse`
 * declares the result from the answer.
 */

/** The base query every endpoint goes through (api.ts envelopeBaseQuery, and the studio's around it). */
type CallBaseQuery = BaseQueryFn<ApiRequest, unknown, ApiFailure>;

/** An endpoint builder of a createApi (or injectEndpoints) on the envelope's base query. */
type CallBuilder<TagTypes extends string, ReducerPath extends string> = EndpointBuilder<
  CallBaseQuery,
  TagTypes,
  ReducerPath
>;

/** What a call's request may carry: its body's type, or the FormData of a multipart call (an upload). */
export type BodyOf<C extends ApiCall> = RequestOf<C> | (C['multipart'] extends true ? FormData : never);

/** The argument of an endpoint that sends its argument as the body: none for a call that takes `{}`. */
export type ArgOf<C extends ApiCall> = [keyof RequestOf<C>] extends [never] ? void : RequestOf<C>;

/** How an endpoint sends its call: the base query's options, and the body made from its argument. */
export interface CallSend<C extends ApiCall, Arg> extends Omit<ApiRequest, 'url' | 'body'> {
  /** The body sent for the endpoint's argument; without it the argument is the body (`{}` when there is none). */
  body?: (arg: Arg) => BodyOf<C>;
}

/**
 * The endpoint's result made from the call's answer: `transformResponse`, which an endpoint whose result
 * the answer is not (a result type named that the answer does not fit) must give.
 */
type CallResult<C extends ApiCall, Result> = [AnswerOf<C>] extends [Result]
  ? { transformResponse?: (answer: AnswerOf<C>) => Result }
  : { transformResponse: (answer: AnswerOf<C>) => Result };

/** The options argument: optional while the answer is the result, else required (its transformResponse). */
type OptionsArg<C extends ApiCall, Result, Options> = [AnswerOf<C>] extends [Result]
  ? [options?: Options]
  : [options: Options];

/** The rest of a query endpoint's definition (tags, cache lifetime, lifecycles), as RTK Query takes it. */
export type CallQueryOptions<
  C extends ApiCall,
  Arg,
  Result,
  TagTypes extends string,
  ReducerPath extends string,
> = Omit<QueryExtraOptions<TagTypes, Result, Arg, CallBaseQuery, ReducerPath>, 'type'> & CallResult<C, Result>;

/** The rest of a mutation endpoint's definition (tags, lifecycles), as RTK Query takes it. */
export type CallMutationOptions<
  C extends ApiCall,
  Arg,
  Result,
  TagTypes extends string,
  ReducerPath extends string,
> = Omit<MutationExtraOptions<TagTypes, Result, Arg, CallBaseQuery, ReducerPath>, 'type'> & CallResult<C, Result>;

/**
 * The base query's request for an endpoint's argument: the call's path under /api, the body (JSON, or the
 * FormData of an upload; `{}` for a call that takes nothing) and how the answer is handled. Untyped here:
 * the endpoint's types are checked where it is defined.
 */
function requestFor(call: ApiCall, send: object, arg: unknown): ApiRequest {
  const { body, ...options } = send as { body?: (arg: unknown) => unknown } & Omit<ApiRequest, 'url' | 'body'>;
  return { url: pathUnderApi(call), body: body ? body(arg) : (arg ?? {}), ...options };
}

/** A query endpoint that sends `call`: its argument RequestOf<C> (or `send.body`'s), its result AnswerOf<C>. */
export function callQuery<
  C extends ApiCall,
  TagTypes extends string,
  ReducerPath extends string,
  Arg = ArgOf<C>,
  Result = AnswerOf<C>,
>(
  build: CallBuilder<TagTypes, ReducerPath>,
  call: C,
  send: CallSend<C, Arg> = {},
  ...[options = {} as CallQueryOptions<C, Arg, Result, TagTypes, ReducerPath>]: OptionsArg<
    C,
    Result,
    CallQueryOptions<C, Arg, Result, TagTypes, ReducerPath>
  >
): QueryDefinition<NoInfer<Arg>, CallBaseQuery, TagTypes, NoInfer<Result>, ReducerPath> {
  return build.query<Result, Arg>({
    ...(options as unknown as Omit<QueryExtraOptions<TagTypes, Result, Arg, CallBaseQuery, ReducerPath>, 'type'>),
    query: (arg) => requestFor(call, send, arg),
  });
}

/** What callMutation makes: a mutation endpoint taking Arg, whose result is Result. */
export type CallMutationDefinition<
  Arg,
  Result,
  TagTypes extends string,
  ReducerPath extends string,
> = MutationDefinition<Arg, CallBaseQuery, TagTypes, Result, ReducerPath>;

/** A mutation endpoint that sends `call`: its argument RequestOf<C> (or `send.body`'s), its result AnswerOf<C>. */
export function callMutation<
  C extends ApiCall,
  TagTypes extends string,
  ReducerPath extends string,
  Arg = ArgOf<C>,
  Result = AnswerOf<C>,
>(
  build: CallBuilder<TagTypes, ReducerPath>,
  call: C,
  send: CallSend<C, Arg> = {},
  ...[options = {} as CallMutationOptions<C, Arg, Result, TagTypes, ReducerPath>]: OptionsArg<
    C,
    Result,
    CallMutationOptions<C, Arg, Result, TagTypes, ReducerPath>
  >
): CallMutationDefinition<NoInfer<Arg>, NoInfer<Result>, TagTypes, ReducerPath> {
  return build.mutation<Result, Arg>({
    ...(options as unknown as Omit<MutationExtraOptions<TagTypes, Result, Arg, CallBaseQuery, ReducerPath>, 'type'>),
    query: (arg) => requestFor(call, send, arg),
  });
}
