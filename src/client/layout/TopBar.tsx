import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon';
import { telHref, useContact } from '../components/contact';

/** The support phone number and opening hours, above everything else. */
export function TopBar() {
  const { t } = useTranslation();
  const { phone } = useContact();
  return (
    <aside className="k-topbar" aria-label={t('topbar.label')}>
      <div className="k-container">
        <a href={telHref(phone)}>
          <Icon name="phone" />
          {t('topbar.call', { phone })}
        </a>
        <span>
          <Icon name="schedule" />
          {t('topbar.hours')}
        </span>
      </div>
    </aside>
  );
}
