import { createPublicKey } from 'node:crypto';
import type { Config } from './config';
import { SIMULATOR_PUBLIC_KEY_PEM } from './payments/payment-signature';
import { DEVELOPMENT_SIGNING_KEY } from './permits/permit-signature';

/**
 * Why production refuses a secret: a placeholder (the example file's CHANGE-ME and the like), a value
 * printed in this repository (a development key, the example file's old value, a test's token: they
 * read as words), a value too regular to be random, or one secret used for two purposes. A key made
 * by the documented command (`openssl rand -base64 36`: 48 characters of A–Z, a–z, 0–9, + and /)
 * passes every rule; so does one of `openssl rand -hex 32`.
 */

/** The command the example file, the README and docs/configuration.md give for each key the operator makes. */
export const SECRET_COMMAND = 'openssl rand -base64 36';

/** The keys the operator makes (at least 32 characters): random, so every rule applies. */
const MADE_KEYS = ['ALTCHA_HMAC_KEY', 'PERMIT_SIGNING_KEY', 'STAFF_API_TOKEN', 'SMS_INBOUND_TOKEN'] as const;
/** The tokens a provider issues: their form is the provider's, so only placeholders and repeats are refused. */
const PROVIDER_TOKENS = ['SMS_GATEWAY_TOKEN', 'IDENTITY_REGISTRY_TOKEN', 'PAYMENT_GATEWAY_TOKEN'] as const;
/** URLs whose password is a secret too. */
const URLS_WITH_PASSWORDS = ['DATABASE_URL', 'REDIS_URL'] as const;

/** Values published with the code: the development keys and what the example file used to hold. */
const PUBLISHED_VALUES = new Map<string, string>([
  [DEVELOPMENT_SIGNING_KEY, 'the development permit key (public: it is in the source code)'],
  ['CHANGE-ME-to-48-random-characters-from-openssl-rand', "the example file's placeholder"],
]);

// The words stand apart (at an end or beside a character that is no letter or digit): a random key of
// 48 base64 characters holds "dUMmy" or "fixMe" once in ~400,000 keys, never "-dummy-".
const PLACEHOLDER =
  /(?:^|[^a-z0-9])(?:change[\W_]*me|place[\W_]*holder|replace[\W_]*(?:me|this|with)|fill[\W_]*(?:me|in)|example|your[\W_]*(?:own[\W_]*)?(?:secret|token|key|password)|not[\W_]*(?:a[\W_]*)?secret|dummy|sample|fixme)(?:$|[^a-z0-9])|x{6,}|\.{3}|…|^<.*>$|^\$\{?[A-Z_]+\}?$/i;
const PLACEHOLDER_WORDS = /^(?:secret|password|passwd|token|key|test|changeit|admin|default|none|null|undefined)$/i;

export function isPlaceholder(value: string): boolean {
  const text = value.trim();
  return text === '' || PLACEHOLDER.test(text) || PLACEHOLDER_WORDS.test(text);
}

/** A shorter piece repeated (`kkkk…`, `abab…`, `0123456789abcdef0123456789abcdef`). */
function repeats(value: string): boolean {
  for (let period = 1; period <= value.length / 2; period++) {
    let same = true;
    for (let i = period; i < value.length && same; i++) same = value[i] === value[i - period];
    if (same) return true;
  }
  return false;
}

/** A run of 8 characters counting up or down (`01234567`, `abcdefgh`). Random keys practically never hold one. */
function holdsRun(value: string, length = 8): boolean {
  let up = 1;
  let down = 1;
  for (let i = 1; i < value.length; i++) {
    const step = value.charCodeAt(i) - value.charCodeAt(i - 1);
    up = step === 1 ? up + 1 : 1;
    down = step === -1 ? down + 1 : 1;
    if (up >= length || down >= length) return true;
  }
  return false;
}

/** Bits by the characters' own frequencies (Shannon) times the length: 32 random hex characters give ~110. */
function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    perCharacter -= p * Math.log2(p);
  }
  return perCharacter * value.length;
}

/**
 * A phrase (`staff-token-for-the-tests-0123456789`, `kibali-development-permit-key-…`): two or more
 * separators among `- _ .` and space, and at least two lower-case words of three letters or more. The
 * documented command's output has none of those separators.
 */
function readsAsWords(value: string): boolean {
  const separators = value.match(/[-_. ]/g)?.length ?? 0;
  const words = value.split(/[^A-Za-z0-9]+/).filter((part) => /^[a-z]{3,}$/.test(part));
  return separators >= 2 && words.length >= 2;
}

const MIN_KEY_BITS = 64;

/** What is wrong with one secret, or undefined: `made` for the keys the operator makes. */
function problemOf(value: string, made: boolean): string | undefined {
  const published = PUBLISHED_VALUES.get(value);
  if (published) return `is ${published}`;
  if (isPlaceholder(value)) return 'is a placeholder';
  if (repeats(value)) return 'is a short piece repeated, not a random key';
  if (!made) return undefined;
  if (readsAsWords(value)) return 'reads as words (an example or a test value), not a random key';
  if (holdsRun(value)) return 'holds a run of characters such as 01234567, not a random key';
  if (estimatedBits(value) < MIN_KEY_BITS) return 'has too few different characters to be a random key';
  return undefined;
}

function passwordOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}

function sameKey(pem: string, other: string): boolean {
  try {
    const der = (text: string) => createPublicKey(text).export({ type: 'spki', format: 'der' });
    return der(pem).equals(der(other));
  } catch {
    return false;
  }
}

/**
 * Production's refusals of its secrets, one line each naming the variable (never its value). Outside
 * production nothing is refused: development and tests use the public keys on purpose.
 */
export function secretProblems(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const make = `make one with ${SECRET_COMMAND}`;
  const secrets: [string, string][] = [];
  for (const name of MADE_KEYS) {
    const value = config[name];
    if (value === undefined) continue;
    secrets.push([name, value]);
    const problem = problemOf(value, true);
    if (problem) problems.push(`${name} ${problem}: ${make}`);
  }
  for (const name of PROVIDER_TOKENS) {
    const value = config[name];
    if (value === undefined) continue;
    secrets.push([name, value]);
    const problem = problemOf(value, false);
    if (problem) problems.push(`${name} ${problem}: set the token the provider gave`);
  }
  for (const name of URLS_WITH_PASSWORDS) {
    const password = passwordOf(config[name]);
    if (password === undefined) continue;
    secrets.push([`${name}'s password`, password]);
    const problem = problemOf(password, false);
    if (problem)
      problems.push(`${name}'s password ${problem}: set the role's own password (e.g. openssl rand -hex 24)`);
  }
  for (let i = 0; i < secrets.length; i++) {
    for (let j = i + 1; j < secrets.length; j++) {
      const [first, value] = secrets[i]!;
      const [second, other] = secrets[j]!;
      if (value === other) {
        problems.push(`${first} and ${second} are the same secret: each purpose needs its own (${make} for each)`);
      }
    }
  }
  const gatewayKey = config.PAYMENT_GATEWAY_PUBLIC_KEY;
  if (gatewayKey !== undefined && sameKey(gatewayKey, SIMULATOR_PUBLIC_KEY_PEM)) {
    problems.push(
      "PAYMENT_GATEWAY_PUBLIC_KEY is the payment simulator's key (its private key is in the source code): set the gateway's own public key",
    );
  }
  return problems;
}
