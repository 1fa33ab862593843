import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/reference-data';
import { STORAGE_KEYS, writeText } from '../app/browser-storage';
import { isLanguage, storedLanguage } from '../app/stored-language';
import { addCheckFormats } from './check-formats';

/**
 * The studio's texts (`studio`), the portal's shared ones (`common`: the base query's errors) and the
 * forms checker's problems (`checks`, by their code: editor/ProblemList.tsx). The officers' workspace's
 * own (`office`) load with its pages.
 */
export const STUDIO_NAMESPACES = ['studio', 'common', 'checks'] as const;

const files = import.meta.glob<ResourceLanguage>('../../../locales/*/{common,studio,checks,office}.json', {
  import: 'default',
});

function load(language: string, namespace: string): Promise<ResourceLanguage> {
  const file = files[`../../../locales/${language}/${namespace}.json`];
  return file ? file() : Promise.reject(new Error(`No texts for ${language}/${namespace}`));
}

/**
 * The studio's i18next instance: its texts are files loaded with it (none of them in the public
 * bundle). The language is the tab's, as in the app (stored-language.ts), so a staff member who reads
 * Swahili keeps it across both. `resources` are for tests, which give all texts at once.
 */
export function createStudioI18n(language: Language = storedLanguage(), resources?: Resource) {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => {
    if (!isLanguage(lng)) return;
    document.documentElement.lang = lng;
    writeText('session', STORAGE_KEYS.language, lng);
  });
  void instance
    .use(initReactI18next)
    .use(resourcesToBackend(load))
    .init({
      ...(resources ? { resources, partialBundledLanguages: true } : {}),
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...STUDIO_NAMESPACES],
      defaultNS: 'studio',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  addCheckFormats(instance);
  return instance;
}

export type StudioI18n = ReturnType<typeof createStudioI18n>;
