import i18next, { type ResourceLanguage } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../shared/reference-data';

/** The texts a preview frame shows: the wizard's (common, validation) and its own (studio: preview.*). */
export const PREVIEW_NAMESPACES = ['common', 'validation', 'studio'] as const;

const files = import.meta.glob<ResourceLanguage>('../../../../locales/*/{common,validation,studio}.json', {
  import: 'default',
});

function load(language: string, namespace: string): Promise<ResourceLanguage> {
  const file = files[`../../../../locales/${language}/${namespace}.json`];
  return file ? file() : Promise.reject(new Error(`No texts for ${language}/${namespace}`));
}

/**
 * An i18next instance of the frame's own, fixed to its language: the studio's instance follows the
 * staff member's language, and the app's (app/i18n.ts) keeps the language it is set to for the whole
 * tab (session storage, a cookie), which a Swahili frame must not change under the English studio.
 */
export async function createPreviewI18n(language: Language) {
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .use(resourcesToBackend(load))
    .init({
      lng: language,
      fallbackLng: false,
      ns: [...PREVIEW_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return instance;
}
