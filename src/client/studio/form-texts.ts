import type { FormsSet } from '../../shared/forms';
import type { Language, LocalizedText } from '../../shared/reference-data';
import { isJsonObject } from '../../shared/schema-walk';

/** A form text of the draft by its key ("construction.title") in `language`, else the key itself. */
export function formText(set: FormsSet, language: Language, key: unknown): string {
  if (typeof key !== 'string') return '';
  let node: unknown = set.texts[language];
  for (const part of key.split('.')) node = isJsonObject(node) ? node[part] : undefined;
  return typeof node === 'string' && node !== '' ? node : key;
}

/** A step's title in `language`, as the applicant reads it. */
export function stepTitle(set: FormsSet, language: Language, step: string): string {
  const schema = set.steps[step]?.schema;
  return schema ? formText(set, language, schema.title) : step;
}

/** Text in the studio's language, else the other's, else `fallback` (a text may lack a language). */
export function inLanguage(text: Partial<LocalizedText> | undefined, language: Language, fallback: string): string {
  if (!text) return fallback;
  return text[language] || text.en || text.sw || fallback;
}
