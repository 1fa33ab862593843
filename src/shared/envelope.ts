/** The answer of every API call, success or failure (api-contract.md, Transport). */
export interface Envelope<T = unknown> {
  response: { code: number; message: string; data: T };
}

export const SUCCESS_CODE = 200;
export const ACCESS_DENIED_MESSAGE = 'Access denied';

/** One failed rule of a body or a form, `path` as a JSON pointer into what was sent. */
export interface FieldError {
  path: string;
  message: string;
}

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null || !('response' in value)) return false;
  const response = value.response;
  return (
    typeof response === 'object' &&
    response !== null &&
    typeof (response as { code?: unknown }).code === 'number' &&
    typeof (response as { message?: unknown }).message === 'string'
  );
}
