/** The reference number as typed, tidied: the server ignores case, spaces and dashes. */
export const tidyReference = (value: string) => value.trim().replace(/\s+/g, ' ');

/** Ten letters and digits once spaces and dashes are left out (KQ7MZ-4XPRT); the server checks the rest. */
export function isReferenceNumber(value: string): boolean {
  return /^[A-Za-z0-9]{10}$/.test(value.replace(/[\s-]/g, ''));
}
