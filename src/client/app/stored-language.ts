import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/reference-data';
import { LANGUAGE_COOKIE } from '../../shared/served-page';
import { readText, STORAGE_KEYS } from './browser-storage';

export { isLanguage };

/**
 * The language kept for this browser session: the tab's (spec: session storage), else the session
 * cookie's (chosen in another tab of the same session, and the language the server rendered the page
 * in), else English. Apart from i18n.ts so that the page's first script (boot.ts) can read it too.
 */
export function storedLanguage(): Language {
  const stored = readText('session', STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  const cookie =
    typeof document === 'undefined'
      ? undefined
      : new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
}
