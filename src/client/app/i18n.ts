import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import enCommon from '../../../locales/en/common.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/reference-data';
import { LANGUAGE_COOKIE } from '../../shared/served-page';
import { STORAGE_KEYS, writeText } from './browser-storage';
import { isLanguage, storedLanguage } from './stored-language';

/**
 * In the first script: English (the default language) for the shell, the landing page and the short
 * texts of every page, so the landing page shows without waiting for a second file.
 */
export const bundled = { en: { common: enCommon } } satisfies Resource;

/**
 * Every other language and namespace is a file of its own, loaded when first needed: Swahili when it
 * is chosen (or kept for the session), `forms` and `validation` with the wizard, `dashboard` with the
 * dashboard (and the found applications' statuses), `pages` (About,
 * Terms) and `accessibility` with their pages. A visitor downloads the texts of one language, and only of the pages they open.
 */
const localeFiles = import.meta.glob<ResourceLanguage>(
  '../../../locales/*/{common,dashboard,find_reference,before_you_start,pages,validation,accessibility}.json',
  { import: 'default' },
);

export function loadLocale(language: string, namespace: string): Promise<ResourceLanguage> {
  const load = localeFiles[`../../../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No texts for ${language}/${namespace}`));
}

export { isLanguage, storedLanguage };

/** The namespaces read as if in common (fallbackNS): parts of it loaded only where used. */
export const LAZY_COMMON = ['dashboard', 'find_reference', 'before_you_start'] as const;

/**
 * The language as the session keeps it (spec: session storage), and as a session cookie too, so that
 * the server sends the pages it renders (the landing page) in it. Nothing of this in a server render.
 */
function keepLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  writeText('session', STORAGE_KEYS.language, language);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; SameSite=Lax${secure}`;
}

/**
 * An i18next instance in `language`. `resources` are texts it starts with (tests give them all);
 * whatever it lacks it loads with loadLocale: wait with `loadNamespaces` before showing a page.
 */
export function createI18n(
  language: Language = storedLanguage(),
  // A copy for each instance: i18next adds the texts it loads to the object it starts with.
  resources: Resource = { en: { ...bundled.en } },
) {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => {
    if (isLanguage(lng)) keepLanguage(lng);
  });
  void instance
    .use(initReactI18next)
    .use(resourcesToBackend(loadLocale))
    .init({
      resources,
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      // Texts of pages that are not on every phone's way are files of their own, loaded with their page
      // (app/routes.tsx) or part (BeforeYouStart): the dashboard's, Forgot your reference number's and
      // Request's "What you need". Their keys read as if in common (`dashboard.status.submitted`).
      fallbackNS: [...LAZY_COMMON],
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  if (isLanguage(instance.language)) keepLanguage(instance.language);
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
