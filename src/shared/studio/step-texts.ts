import type { FormsSet } from '../forms';
import { LANGUAGES, type Language, type LocalizedText } from '../reference-data';
import { isJsonObject, type Json } from '../schema-walk';

/** The texts of one language: nested objects addressed by dotted keys ("personal.zan_id.format"). */
export type Texts = FormsSet['texts'][Language];

/** The text of a dotted key, or undefined. */
export function textOf(texts: unknown, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (!isJsonObject(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The key's text in both languages ('' where there is none). */
export function localizedOf(set: Pick<FormsSet, 'texts'>, key: unknown): LocalizedText {
  const at = (language: Language) => (typeof key === 'string' ? (textOf(set.texts[language], key) ?? '') : '');
  return { en: at('en'), sw: at('sw') };
}

/** Sets a text in place (on a copy the caller owns), making the objects on its way. */
export function putText(texts: Json, key: string, text: string): void {
  const parts = key.split('.');
  let node = texts;
  for (const part of parts.slice(0, -1)) {
    if (!isJsonObject(node[part])) node[part] = {};
    node = node[part] as Json;
  }
  node[parts.at(-1)!] = text;
}

/** Removes a text in place, and the objects it leaves empty. */
export function dropText(texts: Json, key: string): void {
  const parts = key.split('.');
  const trail: Json[] = [texts];
  for (const part of parts.slice(0, -1)) {
    const next = trail.at(-1)![part];
    if (!isJsonObject(next)) return;
    trail.push(next);
  }
  delete trail.at(-1)![parts.at(-1)!];
  for (let i = trail.length - 1; i > 0; i--) {
    if (Object.keys(trail[i]!).length > 0) break;
    delete trail[i - 1]![parts[i - 1]!];
  }
}

/** Sets a text in both languages (a language with no words loses its text). */
export function putLocalized(set: FormsSet, key: string, text: LocalizedText): void {
  for (const language of LANGUAGES)
    if (text[language] === '') dropText(set.texts[language], key);
    else putText(set.texts[language], key, text[language]);
}

/** Every dotted key of a texts object, in its order. */
export function textKeysOf(texts: unknown, prefix = '', out: string[] = []): string[] {
  if (!isJsonObject(texts)) return out;
  for (const [name, value] of Object.entries(texts)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (isJsonObject(value)) textKeysOf(value, key, out);
    else out.push(key);
  }
  return out;
}
