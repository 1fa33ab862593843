import { pathUnderApi } from '../../shared/api/call';
import { getForms } from '../../shared/api/forms';
import { getSplash } from '../../shared/api/splash';
import { RENDERED_PAGES } from '../../shared/served-page';
import { applicationTypeAt } from '../../shared/wizard-driver';
import { readJson, STORAGE_KEYS } from './browser-storage';
import { apiRequestInit } from './request-init';
import { storedLanguage } from './stored-language';

/** A copy of a POST answer kept in sessionStorage, revalidated with its ETag (api.ts). */
export interface CachedAnswer {
  etag: string;
  data: unknown;
}

/** The calls each page makes first, with no body: the reference data (every page but the landing page), the forms (the wizard). */
const SPLASH = { url: pathUnderApi(getSplash), cacheKey: STORAGE_KEYS.splash };
export const FORMS_CACHE_KEY = 'forms';
const FORMS = { url: pathUnderApi(getForms), cacheKey: FORMS_CACHE_KEY };

/** Calls made by the page's first script, waiting for the app to take their answers (one each). */
const early = new Map<string, Promise<Response>>();

/**
 * Makes the calls the page at `location` asks for first, as soon as the page's first script runs
 * (boot.ts): on a slow network their answers are then on their way while the app's files are, rather
 * than asked for once the app has started. The base query takes each answer over (takeEarlyCall).
 */
export function startEarlyCalls(location: { pathname: string; search: string }): void {
  const calls = [];
  if (!RENDERED_PAGES['/home/landing']?.includes(location.pathname)) calls.push(SPLASH);
  const wizard = applicationTypeAt(location.pathname, new URLSearchParams(location.search).get('type'));
  if (wizard || location.pathname === '/home/continue_form') calls.push(FORMS);
  const language = storedLanguage();
  for (const call of calls) {
    const etag = readJson<CachedAnswer>('session', call.cacheKey)?.etag;
    const answer = fetch(`/api${call.url}`, apiRequestInit(undefined, { language, etag }));
    answer.catch(() => undefined); // the base query, or nobody, reads the failure
    early.set(call.url, answer);
  }
}

/** The answer to a call made early, if `url` was one (with no body): taken once, then made as usual. */
export function takeEarlyCall(url: string, body: unknown): Promise<Response> | undefined {
  const isEmpty = body === undefined || (typeof body === 'object' && body !== null && Object.keys(body).length === 0);
  if (!isEmpty) return undefined;
  const answer = early.get(url);
  early.delete(url);
  return answer;
}
