import { createRef, useState, type RefObject } from 'react';

export interface FieldErrorShown<F extends string> {
  field: F;
  message: string;
  /** A 429's wait in seconds, for a countdown. */
  wait?: number | undefined;
}

/**
 * One error at a time in a form of a few fields (a lookup, then the code sent for it): said at its
 * field, which gets the focus.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const [inputs] = useState(
    () =>
      Object.fromEntries(fields.map((field) => [field, createRef<HTMLInputElement>()])) as Record<
        F,
        RefObject<HTMLInputElement | null>
      >,
  );
  const [error, setError] = useState<FieldErrorShown<F> | null>(null);
  return {
    error,
    inputs,
    /** The message at `field` ('' when the error is elsewhere or there is none). */
    errorOf: (field: F) => (error?.field === field ? error.message : ''),
    fail: (field: F, message: string, wait?: number) => {
      setError({ field, message, wait });
      inputs[field].current?.focus();
    },
    clear: () => setError(null),
  };
}
