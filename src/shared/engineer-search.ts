/**
 * The digits to match against engineers' phones, or '' when the search does not look like a phone
 * number: the digits of an email or a registration number (ZEB/1234) would find unrelated engineers.
 * Used by the server's query and the mock backend, so both find the same engineers.
 */
export function phoneSearchDigits(search: string): string {
  const digits = /^[0-9+\s().-]+$/.test(search.trim()) ? search.replace(/\D/g, '') : '';
  return digits.length >= 3 ? digits : '';
}
