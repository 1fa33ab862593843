import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../app/hooks';
import { maintenanceEnded } from '../app/ui-slice';
import { api } from '../app/api';
import { usePageTitle } from '../app/use-page-title';
import { useContact } from './contact';

/** Not routed: shown in place of the portal when the server answers 503 for maintenance. */
export function UnderMaintenance() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { phone } = useContact();
  usePageTitle('maintenance.title');
  const retry = () => {
    dispatch(maintenanceEnded());
    dispatch(api.util.resetApiState());
  };
  return (
    <main className="k-maintenance">
      <p className="k-overline">{t('maintenance.heading')}</p>
      <h1 className="k-h1">{t('maintenance.title')}</h1>
      <p style={{ fontSize: '1.15rem' }}>{t('maintenance.message')}</p>
      <p style={{ marginTop: 8 }}>{t('maintenance.detail')}</p>
      <button type="button" className="k-button k-button--contained" onClick={retry}>
        {t('maintenance.retry')}
      </button>
      <footer>
        <p>{t('maintenance.footer', { phone })}</p>
      </footer>
    </main>
  );
}
