import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../shared/reference-data';

/**
 * English/Swahili, kept for the browser session (i18n.ts stores it and sets <html lang>). A native
 * select: the phone's own picker, and none of MUI's menu, popover and modal on every page. A language
 * not used yet is loaded first (app/i18n.ts): meanwhile the select shows the choice, the page the old one.
 */
export function LanguageSwitch({ id = 'language-switch', dark = false }: { id?: string; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const [choosing, setChoosing] = useState<string>();
  const choose = async (language: string) => {
    setChoosing(language);
    try {
      await i18n.changeLanguage(language);
    } finally {
      setChoosing(undefined);
    }
  };
  return (
    <div className={dark ? 'k-language k-language--dark' : 'k-language'}>
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        data-language-switch
        value={choosing ?? i18n.language}
        onChange={(e) => void choose(e.target.value)}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
