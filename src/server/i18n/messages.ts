import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/reference-data';
import { PROJECT_ROOT } from '../project-root';

const localesDir = path.join(PROJECT_ROOT, 'locales');

function loadNamespace(language: Language, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

const i18n = createInstance();
void i18n.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['api', 'validation'],
  defaultNS: 'api',
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(
    LANGUAGES.map((l) => [l, { api: loadNamespace(l, 'api'), validation: loadNamespace(l, 'validation') }]),
  ),
});

/** A language's translator of one namespace, as the server calls it: a key and its values, a text. */
type Translate = (key: string, params: Record<string, unknown>) => string;

const fixed = (namespace: string) =>
  Object.fromEntries(LANGUAGES.map((l) => [l, i18n.getFixedT(l, namespace)])) as Record<Language, Translate>;
const translators = fixed('api');
const validationTranslators = fixed('validation');

/** A form-validation message (locales/<lng>/validation.json): ajv has no Swahili, so we write our own. */
export function validationMessage(language: Language, key: string, params?: Record<string, unknown>): string {
  return validationTranslators[language](key, params ?? {});
}

/** Messages without parameters, translated once: most answers carry one (i18next costs per call). */
const plainMessages = new Map<string, string>();
/** Whether a key's text has a placeholder in either language (unknown keys too: plurals are `key_one`…). */
const interpolates = new Map<string, boolean>();

function hasPlaceholders(key: string): boolean {
  let known = interpolates.get(key);
  if (known === undefined) {
    const texts = LANGUAGES.map((l) => i18n.getResource(l, 'api', key) as unknown);
    known = texts.some((text) => typeof text !== 'string' || text.includes('{{'));
    interpolates.set(key, known);
  }
  return known;
}

/**
 * The server's message for `key` in `language`, its placeholders filled from `params` and, for an
 * answer, from its `data` (`{{phone_confirmation.sent_to}}`: the values the answer carries, so a
 * message never says less than its data).
 */
export function message(language: Language, key: string, params?: Record<string, unknown>, data?: unknown): string {
  const fromData = data !== null && typeof data === 'object' && !Array.isArray(data) && hasPlaceholders(key);
  if (fromData) return translators[language](key, { ...params, replace: { ...data, ...params } });
  if (params) return translators[language](key, params);
  const id = `${language}:${key}`;
  let text = plainMessages.get(id);
  if (text === undefined) {
    text = translators[language](key, {});
    plainMessages.set(id, text);
  }
  return text;
}

/** Picks en or sw from an Accept-Language header; English when neither is asked for. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return (
    (ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.tag))?.tag as Language) ?? DEFAULT_LANGUAGE
  );
}
