import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../../../locales/en/common.json';
import enPages from '../../../locales/en/pages.json';
import swCommon from '../../../locales/sw/common.json';
import swPages from '../../../locales/sw/pages.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/reference-data';
import { readText, STORAGE_KEYS, writeText } from './browser-storage';

export const resources = {
  en: { common: enCommon, pages: enPages },
  sw: { common: swCommon, pages: swPages },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language kept for this browser session (spec: session storage), else English. */
export function storedLanguage(): Language {
  const stored = readText('session', STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function createI18n(language: Language = storedLanguage()) {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => {
    if (!isLanguage(lng)) return;
    document.documentElement.lang = lng;
    writeText('session', STORAGE_KEYS.language, lng);
  });
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common', 'pages'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  document.documentElement.lang = instance.language;
  return instance;
}

export type I18n = ReturnType<typeof createI18n>;

/** The instance the app and its base query share. Tests make their own with createI18n. */
let current: I18n | undefined;
export function appI18n(): I18n {
  current ??= createI18n();
  return current;
}
export function setAppI18n(instance: I18n): void {
  current = instance;
}
