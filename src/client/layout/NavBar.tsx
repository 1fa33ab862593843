import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon';
import { LanguageSwitch } from './LanguageSwitch';
import { NAV_ITEMS } from './nav-items';

/**
 * The site's navigation. On a phone the links fold into a panel under the bar: a disclosure (not a
 * modal drawer: lighter, and the page behind stays reachable), made of `<details>`, so that it opens
 * even before the app has started (the landing page as the server sent it, on a slow network).
 */
export function NavBar() {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  // Opened before the app took the page over: it stays open.
  useEffect(() => {
    if (menu.current?.open) setOpen(true);
  }, []);
  // The panel itself is closed too, not only the state: opened before the app took the page over and a
  // link tapped as it does (before the effect above), the state is already closed and would not close it.
  const close = () => {
    if (menu.current) menu.current.open = false;
    setOpen(false);
  };
  return (
    <header className="k-navbar">
      <div className="k-container k-navbar__bar">
        <RouterLink to="/home/landing" aria-label={t('app.home_link')} className="k-brand">
          {t('app.name')}
          <span className="k-brand__tagline">{t('app.tagline')}</span>
        </RouterLink>
        <nav aria-label={t('nav.label')} className="k-nav">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="k-navbar__language">
          <LanguageSwitch dark />
        </div>
      </div>
      <details ref={menu} className="k-menu" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="k-icon-button k-menu-button" aria-label={t('nav.open_menu')}>
          <Icon name="menu" />
        </summary>
        <nav id="mobile-menu" aria-label={t('nav.label')} className="k-mobile-menu">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} onClick={close}>
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="k-mobile-menu__language">
            <LanguageSwitch id="language-switch-menu" />
          </div>
          <button type="button" className="k-button k-button--text" onClick={close}>
            {t('nav.close_menu')}
          </button>
        </nav>
      </details>
    </header>
  );
}
