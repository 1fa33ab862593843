import { getSplash, type Splash } from '../../shared/api/splash';
import { api } from './api';
import { callQuery } from './call-endpoint';
import type { AppDispatch } from './store';
import { STORAGE_KEYS } from './browser-storage';

const splashApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Kept in sessionStorage ('splash', as the spec says) and revalidated with its ETag.
    getSplash: callQuery(
      build,
      getSplash,
      { cacheKey: STORAGE_KEYS.splash },
      { keepUnusedDataFor: Number.POSITIVE_INFINITY },
    ),
  }),
});

export const { useGetSplashQuery } = splashApi;

/**
 * Asks for the reference data as the app starts, before React's first render: every public page
 * waits for it (spec: a loading view at start), so the request should not wait for the page.
 */
export function prefetchSplash(store: { dispatch: AppDispatch }): void {
  void store.dispatch(splashApi.util.prefetch('getSplash', undefined, {}));
}

/** The reference data; only called below the splash gate, which waits for it. */
export function useSplash(): Splash {
  const { data } = useGetSplashQuery();
  if (!data) throw new Error('useSplash() used outside the splash gate');
  return data;
}
