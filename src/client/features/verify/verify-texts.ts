import type { ResourceLanguage } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../app/i18n';

/**
 * The verify page's texts (locales/<lng>/verify.json), loaded by the page itself in the language
 * shown: the app's own list of text files (app/i18n.ts) is in the wizard's first script, whose bytes
 * are counted to the last one, and this page is reached by a QR code, rarely from the app.
 */
const files = import.meta.glob<ResourceLanguage>('../../../../locales/*/verify.json', { import: 'default' });

export const VERIFY_NS = 'verify';

/** 'ready' once the texts of the language shown are in; 'failed' when they could not be loaded. */
export function useVerifyTexts(): 'loading' | 'ready' | 'failed' {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const ready = i18n.hasResourceBundle(language, VERIFY_NS);
  // Set only when a load ends: `loaded` re-renders with the texts in, `failed` names the language that failed.
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const load = files[`../../../../locales/${language}/verify.json`];
    (load ? load() : Promise.reject(new Error(language))).then(
      (texts) => {
        i18n.addResourceBundle(language, VERIFY_NS, texts, true, true);
        if (live) setLoaded((n) => n + 1);
      },
      () => {
        if (!live) return;
        setFailed(language);
        // A dropped connection: tried again once the network is back.
        window.addEventListener('online', () => setAttempt((n) => n + 1), { once: true });
      },
    );
    return () => {
      live = false;
    };
  }, [i18n, language, ready, attempt]);
  if (ready) return 'ready';
  return failed === language ? 'failed' : 'loading';
}
