import type { Splash } from '../../../shared/reference-data';
import { api } from '../../app/api';
import { STORAGE_KEYS } from '../../app/browser-storage';

const splashApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSplash: build.query<Splash, void>({
      // Kept in sessionStorage ('splash', as the spec says) and revalidated with its ETag.
      query: () => ({ url: '/splash/get_splash', cacheKey: STORAGE_KEYS.splash }),
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { useGetSplashQuery } = splashApi;

/** The reference data; only called below the splash gate, which waits for it. */
export function useSplash(): Splash {
  const { data } = useGetSplashQuery();
  if (!data) throw new Error('useSplash() used outside the splash gate');
  return data;
}
