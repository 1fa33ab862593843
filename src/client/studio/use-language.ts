import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../shared/reference-data';

/** The studio's language now. */
export function useLanguage(): Language {
  const { i18n } = useTranslation('studio');
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
