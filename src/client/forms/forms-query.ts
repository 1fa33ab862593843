import { useTranslation } from 'react-i18next';
import type { FormsDocument } from '../../shared/forms';
import { LANGUAGES } from '../../shared/reference-data';
import { getForms } from '../../shared/api/forms';
import { api } from '../app/api';
import { callQuery } from '../app/call-endpoint';
import { FORMS_CACHE_KEY } from '../app/early-calls';
import type { AppStore } from '../app/store';

/**
 * The published forms, apart from the wizard's other calls (features/wizard/applications-api.ts): small enough
 * to be in the first script, so the forms are asked for as the app starts on a wizard's URL, beside the
 * wizard's files. The dashboard reads them too (step titles, saved answers).
 */
const formsQuery = api.enhanceEndpoints({ addTagTypes: ['Forms'] }).injectEndpoints({
  endpoints: (build) => ({
    // The answer of get_forms (src/shared/api/forms.ts), read as the FormsDocument the server sends: the
    // call's schema leaves the forms' own content open. Named types: the compiler infers none from a
    // transformResponse that casts ("type instantiation is excessively deep").
    getForms: callQuery<typeof getForms, 'Forms', 'api', void, FormsDocument>(
      build,
      getForms,
      // Kept in sessionStorage and revalidated with its ETag, like the splash.
      { cacheKey: FORMS_CACHE_KEY },
      {
        transformResponse: (answer) => answer as unknown as FormsDocument,
        keepUnusedDataFor: Number.POSITIVE_INFINITY,
        providesTags: ['Forms'],
      },
    ),
  }),
});

/** The forms are read again (a save found them older than the served ones): the wizard redraws with the new ones. */
export const formsInvalidated = () => formsQuery.util.invalidateTags(['Forms']);

type I18nLike = ReturnType<typeof useTranslation>['i18n'];
const installed = new WeakMap<I18nLike, FormsDocument>();

/**
 * Puts a published version's texts (both languages) in the i18next namespace `forms`, replacing
 * those of the version before: the form texts come with the forms, never from the bundle, so a
 * published text change shows on the next page load with no build.
 */
export function installFormTexts(i18n: I18nLike, forms: FormsDocument): void {
  if (installed.get(i18n) === forms) return;
  for (const language of LANGUAGES) {
    i18n.removeResourceBundle(language, 'forms');
    i18n.addResourceBundle(language, 'forms', forms.texts[language] ?? {}, true, true);
  }
  installed.set(i18n, forms);
}

/** The published forms being served, with their texts installed as the namespace forms. */
export function useForms() {
  const result = formsQuery.endpoints.getForms.useQuery();
  const { i18n } = useTranslation();
  if (result.data) installFormTexts(i18n, result.data);
  return result;
}

export function prefetchForms(store: Pick<AppStore, 'dispatch'>): void {
  void store.dispatch(formsQuery.util.prefetch('getForms', undefined, {}));
}
