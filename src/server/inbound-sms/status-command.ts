import type { Language } from '../../shared/reference-data';
import { normalizeReferenceNumber } from '../applications/reference-number';

/** The keywords a status request starts with, and the language each asks the answer in. */
export const STATUS_KEYWORDS: Readonly<Record<string, Language>> = { HALI: 'sw', STATUS: 'en' };

/**
 * What an inbound text asks: a reference number's status (in the keyword's language, or undefined for
 * a bare reference number: the application's then), or nothing we understand (help).
 */
export type StatusCommand = { kind: 'status'; reference: string; language: Language | undefined } | { kind: 'help' };

/** Punctuation a phone keyboard adds around the words, ignored. */
const NOISE = /[.,;:!?"'()]/g;

/**
 * Reads "HALI K7PQ2-M9XHT", "status k7pq2m9xht", "  Hali:K7PQ2 M9XHT." or a bare reference number.
 * Case, spaces, dashes and punctuation do not matter (normalizeReferenceNumber). The reference
 * alphabet has no look-alikes (no 0/O, 1/I/L) to map back, so none is guessed.
 */
export function parseStatusCommand(text: string): StatusCommand {
  const words = text.normalize('NFKC').toUpperCase().replace(NOISE, ' ').trim();
  for (const [keyword, language] of Object.entries(STATUS_KEYWORDS)) {
    if (!words.startsWith(keyword)) continue;
    const reference = normalizeReferenceNumber(words.slice(keyword.length));
    if (reference) return { kind: 'status', reference, language };
  }
  const bare = normalizeReferenceNumber(words);
  return bare ? { kind: 'status', reference: bare, language: undefined } : { kind: 'help' };
}
