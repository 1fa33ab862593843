import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageSettings } from '../app/page-settings';

export function SiteFooter() {
  const { t } = useTranslation();
  // The server's year when it sent the page: a phone's clock is often wrong, and a page the server
  // rendered must be taken over as it is.
  const year = usePageSettings()?.year ?? new Date().getFullYear();
  return (
    <footer className="k-footer">
      <div className="k-container">
        <nav aria-label={t('footer.links')}>
          <RouterLink className="k-link" to="/home/about">
            {t('nav.about')}
          </RouterLink>
          <RouterLink className="k-link" to="/home/terms_conditions">
            {t('titles.terms')}
          </RouterLink>
          <RouterLink className="k-link" to="/home/faq">
            {t('nav.faq')}
          </RouterLink>
          <RouterLink className="k-link" to="/home/accessibility">
            {t('footer.accessibility')}
          </RouterLink>
        </nav>
        <p>{t('footer.powered_by')}</p>
        <p className="k-muted">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
