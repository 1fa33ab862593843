import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The portal's languages, as the tests see them. */
export type Lng = 'en' | 'sw';
export const LANGUAGES: readonly Lng[] = ['en', 'sw'];

type Tree = { [key: string]: unknown };

const localesDir = path.resolve(import.meta.dirname, '../../locales');
/** The form texts (namespace forms) are the forms' own: schemas/texts/<lng>.json. */
const formTextsDir = path.resolve(import.meta.dirname, '../../schemas/texts');
const cache = new Map<string, Tree>();

function namespace(lng: Lng, ns: string): Tree {
  const file = ns === 'forms' ? path.join(formTextsDir, `${lng}.json`) : path.join(localesDir, lng, `${ns}.json`);
  let tree = cache.get(file);
  if (!tree) {
    tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
    cache.set(file, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

/**
 * The text of `key` ('nav.home', or 'landing.title' for another namespace) read from the
 * locales JSON files, with {{name}} filled in and, when `count` is given, the _one/_other form chosen.
 * Throws when the key is missing, so that a renamed key fails loudly instead of comparing to undefined.
 */
export function tr(lng: Lng, fullKey: string, params: Record<string, string | number> = {}): string {
  const [ns, key] = fullKey.includes(':') ? (fullKey.split(':', 2) as [string, string]) : ['common', fullKey];
  // Some texts are namespaces of their own, read as if in common (app/i18n.ts LAZY_COMMON).
  const trees = ns === 'common' ? ['common', 'dashboard', 'find_reference', 'before_you_start'] : [ns];
  const has = (name: string) =>
    [key, `${key}_one`, `${key}_other`].some((k) => lookup(namespace(lng, name), k) !== undefined);
  const tree = namespace(lng, trees.find(has) ?? ns);
  let value = lookup(tree, key);
  if (value === undefined && typeof params.count === 'number') {
    value = lookup(tree, `${key}_${params.count === 1 ? 'one' : 'other'}`);
  }
  if (typeof value !== 'string') throw new Error(`No text for ${lng}:${fullKey} in the locales`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
