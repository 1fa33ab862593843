import { randomInt } from 'node:crypto';

/** No look-alikes: no 0/O, 1/I/L, so a number read over the phone is typed right. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 10; // 31^10 ≈ 2^49.5: unguessable (the contract asks for at least 40 random bits)

/** A new reference number, stored without its dash: e.g. 'K7PQ2M9XHT', shown 'K7PQ2-M9XHT'. */
export function newReferenceNumber(): string {
  let out = '';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Case, spaces and dashes ignored; undefined when it cannot be a reference number. */
export function normalizeReferenceNumber(input: string): string | undefined {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return compact.length === LENGTH && [...compact].every((c) => ALPHABET.includes(c)) ? compact : undefined;
}

export function formatReferenceNumber(stored: string): string {
  return `${stored.slice(0, 5)}-${stored.slice(5)}`;
}
