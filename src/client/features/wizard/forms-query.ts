import type { FormsDocument } from '../../../shared/forms';
import { api } from '../../app/api';
import { FORMS_CACHE_KEY } from '../../app/early-calls';
import type { AppStore } from '../../app/store';

/**
 * The wizard's forms, apart from its other calls (forms-api.ts): small enough to be in the first
 * script, so the forms are asked for as the app starts on a wizard's URL, beside the wizard's files.
 */
const formsQuery = api.injectEndpoints({
  endpoints: (build) => ({
    getForms: build.query<FormsDocument, void>({
      // Kept in sessionStorage and revalidated with its ETag, like the splash.
      query: () => ({ url: '/forms/get_forms', cacheKey: FORMS_CACHE_KEY }),
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { useGetFormsQuery } = formsQuery;

export function prefetchForms(store: Pick<AppStore, 'dispatch'>): void {
  void store.dispatch(formsQuery.util.prefetch('getForms', undefined, {}));
}
