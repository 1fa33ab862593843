/** How a staff account's login name and phone are written and checked. */

/** 3 to 64 of a–z, 0–9, dot, dash and underscore, starting with a letter: `asha.omar`. */
export const LOGIN_PATTERN = /^[a-z][a-z0-9._-]{2,63}$/;

/** A login as stored: trimmed, lower case (`Asha.Omar` signs in as `asha.omar`). */
export function normalizeLogin(input: string): string {
  return input.trim().toLowerCase();
}

export function isValidLogin(login: string): boolean {
  return LOGIN_PATTERN.test(login);
}

/** A Tanzanian mobile number as stored: +255 and 9 digits ('0777 123 456' → '+255777123456'); undefined if not one. */
export function normalizeStaffPhone(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\+?[0-9]{9,13}$/.test(digits)) return undefined;
  const bare = digits.replace(/^\+/, '');
  const national = bare.startsWith('255') ? bare.slice(3) : bare.startsWith('0') ? bare.slice(1) : bare;
  return /^[67][0-9]{8}$/.test(national) ? `+255${national}` : undefined;
}
