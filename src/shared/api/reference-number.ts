/**
 * A reference number as the calls that take one accept it: letters, digits, spaces and dashes (case,
 * spaces and dashes are ignored: 'kq7mz 4xprt' is KQ7MZ-4XPRT).
 */
export const referenceNumberProperty = {
  type: 'string',
  minLength: 10,
  maxLength: 20,
  pattern: '^[A-Za-z0-9 -]+$',
} as const;

/** The reference number as typed, tidied: the server ignores case, spaces and dashes. */
export const tidyReference = (value: string) => value.trim().replace(/\s+/g, ' ');

/** Ten letters and digits once spaces and dashes are left out (KQ7MZ-4XPRT); the server checks the rest. */
export function isReferenceNumber(value: string): boolean {
  return /^[A-Za-z0-9]{10}$/.test(value.replace(/[\s-]/g, ''));
}

/** The body of a call that takes a reference number and nothing else (continue, open_draft, open_application). */
export const referenceNumberBody = {
  type: 'object',
  additionalProperties: false,
  required: ['reference_number'],
  properties: { reference_number: referenceNumberProperty },
} as const;

export interface ReferenceNumberBody {
  reference_number: string;
}
