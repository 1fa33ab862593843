import { HIDDEN_CHARACTERS } from '../../shared/hidden-characters';
import type { CliIo } from './staff-cli';

/**
 * What the command line prints comes partly from applicants and from rows stored before any check:
 * a control character (ESC starting a colour or cursor sequence, a carriage return overwriting the
 * line), a bidi override or a zero-width character could make a name or a remark read other than it
 * is. Each is shown as its code instead, e.g. \u{202E}; line breaks and tabs of our own layout stay.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(HIDDEN_CHARACTERS, (c) =>
    c === '\n' || c === '\t' ? c : `\\u{${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`,
  );
}

/**
 * JSON for a terminal: JSON.stringify escapes C0 controls but prints C1 controls, bidi and zero-width
 * characters as they are; they are written as \uXXXX escapes instead (still the same JSON).
 */
export function jsonForTerminal(value: unknown): string {
  // The only raw line breaks are the indentation's: those inside strings are escaped already.
  return JSON.stringify(value, null, 2).replace(HIDDEN_CHARACTERS, (c) =>
    c === '\n'
      ? c
      : Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}

/** The same output, every text escaped on its way out. */
export function terminalSafe(io: CliIo): CliIo {
  return { out: (text) => io.out(escapeForTerminal(text)), err: (text) => io.err(escapeForTerminal(text)) };
}
