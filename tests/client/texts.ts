import i18next, { type TFunction } from 'i18next';
import { allTexts as resources } from './locales';
import type { Language } from '../../src/shared/reference-data';

/**
 * The texts tests look for, read from locales/ through i18next (plurals and placeholders included),
 * so that a changed wording changes the tests with it. Separate from the app's instance.
 */
const lookup = i18next.createInstance();
void lookup.init({
  resources,
  lng: 'en',
  fallbackLng: false,
  ns: ['common', 'pages'],
  defaultNS: 'common',
  fallbackNS: ['dashboard', 'find_reference', 'before_you_start'],
  interpolation: { escapeValue: false },
  initAsync: false,
  // A missing key must fail the test, not show the key.
  parseMissingKeyHandler: (key) => {
    throw new Error(`No translation for '${key}'`);
  },
});

export function textsIn(language: Language): TFunction {
  return lookup.getFixedT(language);
}

/** English texts, common namespace by default ('landing.title' for the pages namespace). */
export const en = textsIn('en');
export const sw = textsIn('sw');
