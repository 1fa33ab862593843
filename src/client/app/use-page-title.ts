import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets document.title to the page's translated title, so screen readers announce where the user is. */
export function usePageTitle(titleKey: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = t('titles.suffix', { page: t(titleKey) });
  }, [t, titleKey, i18n.language]);
}
