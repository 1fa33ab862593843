import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageBoundary } from '../components/PageBoundary';
import { WhatsAppPrompt } from '../components/WhatsAppPrompt';
import { NavBar } from './NavBar';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

/**
 * The public pages: top bar, navigation, the page, footer, WhatsApp prompt. Plain elements styled by
 * shell.css: the shell and the landing page show without MUI (and the server can render them).
 */
export function SiteLayout() {
  const { t } = useTranslation();
  return (
    <div className="k-page">
      <a href="#main" className="k-skip">
        {t('app.skip_to_content')}
      </a>
      <TopBar />
      <NavBar />
      <main id="main" tabIndex={-1} className="k-container k-main">
        <PageBoundary>
          <Outlet />
        </PageBoundary>
      </main>
      <SiteFooter />
      <WhatsAppPrompt />
    </div>
  );
}
