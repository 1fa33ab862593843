import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/PageHeading';

const BOXES = [
  { key: 'apply', to: '/home/request' },
  { key: 'status', to: '/home/login' },
  { key: 'terms', to: '/home/terms_conditions' },
] as const;

/** Home: the three boxes Apply, View Status, Terms & Conditions (plain elements: no MUI on this page). */
export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading titleKey="titles.landing">{t('landing.title')}</PageHeading>
      <p className="k-lead">{t('landing.lead')}</p>
      <ul className="k-boxes" aria-label={t('landing.boxes')}>
        {BOXES.map((box) => (
          <li key={box.key}>
            <div className="k-card">
              <div className="k-card__content">
                <h2 className="k-h2">{t(`landing.${box.key}.title`)}</h2>
                <p>{t(`landing.${box.key}.body`)}</p>
              </div>
              <div className="k-card__actions">
                <RouterLink className="k-button k-button--contained" to={box.to}>
                  {t(`landing.${box.key}.action`)}
                </RouterLink>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
