import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What must never reach a server's log: the scan that global-setup runs over the end-to-end servers'
 * logs once they have stopped (tests/security/log-secrets.test.ts shows it finds each kind).
 */
export interface KnownSecrets {
  /** ID numbers the run may have used (the demo identity registry's ZanIDs). */
  idNumbers: readonly string[];
  /** The one-time codes the run sent (read from the SMS outbox). */
  codes: readonly string[];
  /** Tokens known to the run (the back office's bearer token). */
  tokens: readonly string[];
}

export interface Finding {
  file: string;
  line: number;
  kind: string;
  /** The line, cut to 300 characters, with what was found masked. */
  masked: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Digits standing alone: not inside a longer number, a decimal's fraction (a sentence's full stop is
 * fine), nor a word such as a request ID (`ee281234-6d6a-…`) or an asset's hash.
 */
const standalone = (digits: string) => new RegExp(`(?<![\\w-]|\\d\\.)${escape(digits)}(?!\\w|\\.\\d|-\\w)`, 'g');

/**
 * Tanzanian mobile numbers: +255 7xx xxx xxx, 255…, 07…, 06…, with or without spaces or dashes; standing
 * alone, so not the digits inside a request ID (`db071234-5678-…`), an asset's hash or a decimal.
 */
const PHONE = /(?<![\w-]|\d\.)(?:\+?255[\s-]?|0)[67]\d(?:[\s-]?\d){7}(?!\w|\.\d|-\w)/g;
/** The session cookie with a value, anywhere. */
const SESSION_COOKIE = /kibali_session=(?=[^;\s"'])[^;\s"',]+/gi;
/** A session token's shape: 256 bits, base64url (43 characters). */
const SESSION_TOKEN =
  /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
/** Any bearer credential. */
const BEARER = /\bbearer\s+[^\s"',;]+/gi;

function patterns(secrets: KnownSecrets): [string, RegExp][] {
  return [
    ...secrets.idNumbers.map((id): [string, RegExp] => ['ID number', standalone(id)]),
    ['phone number', PHONE],
    ...[...new Set(secrets.codes)].map((code): [string, RegExp] => ['one-time code', standalone(code)]),
    ...secrets.tokens.filter(Boolean).map((token): [string, RegExp] => ['token', new RegExp(escape(token), 'g')]),
    ['session cookie', SESSION_COOKIE],
    ['session token', SESSION_TOKEN],
    ['bearer token', BEARER],
  ];
}

const mask = (found: string) => `${found.slice(0, 2)}${'•'.repeat(Math.max(0, found.length - 2))}`;

/** Every line of `text` holding a secret, masked. */
export function findSecrets(text: string, secrets: KnownSecrets, file = 'log'): Finding[] {
  const findings: Finding[] = [];
  const all = patterns(secrets);
  text.split('\n').forEach((content, index) => {
    let masked = content;
    const kinds: string[] = [];
    for (const [kind, pattern] of all) {
      const replaced = masked.replace(pattern, (found) => mask(found));
      if (replaced !== masked) kinds.push(kind);
      masked = replaced;
    }
    if (kinds.length > 0)
      findings.push({ file, line: index + 1, kind: kinds.join(', '), masked: masked.slice(0, 300) });
  });
  return findings;
}

/** The findings of several log files, as the lines to print. */
export function scanLogFiles(files: readonly string[], secrets: KnownSecrets): string[] {
  return files.flatMap((file) =>
    findSecrets(readFileSync(file, 'utf8'), secrets, path.basename(file)).map(
      (f) => `${f.file}:${f.line}: ${f.kind}: ${f.masked}`,
    ),
  );
}

/** The six-digit codes in SMS texts. */
export const codesIn = (messages: readonly string[]): string[] =>
  messages.flatMap((message) => [...message.matchAll(/(?<!\d)(\d{6})(?!\d)/g)].map((m) => m[1]!));
