import type { ApiCall, ApiErrorAnswer, ErrorCodeOf, ErrorData, ErrorDataOf } from '../../shared/api/call';
import { declaredErrors } from '../../shared/api/errors';
import { ApiError } from './envelope';

// The data's type is a default type parameter (D), taken once the error is known, never inferred from
// the data: while the compiler infers E, the type of a schema it does not know yet is too deep to build.

/**
 * An error answer of the contract (src/shared/api/errors.ts), its `data` of the contract's type: the
 * compiler refuses data the contract does not describe (tests/lint/contract-error.test.ts plants one).
 * For a refusal a service gives on behalf of several calls (a save's, a submit's).
 */
export function errorAnswer<const E extends ApiErrorAnswer, D = ErrorData<E>>(
  error: E,
  data: NoInfer<D>,
  params?: Record<string, unknown>,
): ApiError {
  return new ApiError(error.status, error.code, data as Record<string, unknown>, params);
}

/** One of the error answers `call` declares, by its message key, its `data` of the contract's type. */
export function contractError<const C extends ApiCall, const Code extends ErrorCodeOf<C>, D = ErrorDataOf<C, Code>>(
  call: C,
  code: Code,
  data: NoInfer<D>,
  params?: Record<string, unknown>,
): ApiError {
  const error = declaredErrors(call).find((declared) => declared.code === code);
  if (!error) throw new Error(`${call.path} declares no error ${String(code)}`);
  return new ApiError(error.status, error.code, data as Record<string, unknown>, params);
}
