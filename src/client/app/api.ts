import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ACCESS_DENIED_MESSAGE, isEnvelope, SUCCESS_CODE } from '../../shared/envelope';
import { readJson, writeJson } from './browser-storage';
import { takeEarlyCall, type CachedAnswer } from './early-calls';
import { apiRequestInit } from './request-init';
import { appI18n } from './i18n';
import { sessionUsed, signedOut } from './session-slice';
import { callFailed, maintenanceStarted, redirect, showToast } from './ui-slice';

export interface ApiRequest {
  /** The path under /api, e.g. '/splash/get_splash'. */
  url: string;
  /** JSON, or a FormData sent as multipart/form-data (uploads). */
  body?: unknown;
  /**
   * Keep the answer in sessionStorage under this key and revalidate it with its ETag:
   * POST answers are not cached by the browser, so the base query does it.
   */
  cacheKey?: string;
  /** Do not show the server's message as a toast; the caller shows the error itself. */
  quiet?: boolean;
  /**
   * A call of the signed-in applicant's session (every /dashboard/* call is one): a 401 ends the
   * session here too, and a success counts as activity for the session timer.
   */
  session?: boolean;
}

export interface ApiFailure {
  /** The envelope's code, or 0 when no envelope arrived (network down, not JSON). */
  code: number;
  message: string;
  data?: unknown;
}

/**
 * The one base query: every call is a POST under /api (JSON, or FormData for uploads) that answers the envelope.
 * Success is `code === 200` only. Otherwise the server's message becomes an error toast;
 * 403 or 'Access denied' sends the user to '/'; 503 with `maintenance` shows the maintenance page.
 * A 401 of a session call signs the applicant out: the route guard then opens View, which says why.
 */
export const envelopeBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiFailure> = async (
  args,
  { dispatch, getState, signal },
) => {
  const i18n = appI18n();
  const fail = (failure: ApiFailure, toast = !args.quiet) => {
    dispatch(callFailed());
    if (toast) dispatch(showToast({ severity: 'error', text: failure.message }));
    return { error: failure };
  };
  const cached = args.cacheKey ? readJson<CachedAnswer>('session', args.cacheKey) : undefined;
  const sessionCall = args.session ?? args.url.startsWith('/dashboard/');
  // The server restarts the idle time when it gets the call: count from when it was sent.
  const sentAt = Date.now();

  let response: Response;
  try {
    // Made already by the page's first script (early-calls.ts), or made now.
    response = await (takeEarlyCall(args.url, args.body) ??
      fetch(`/api${args.url}`, apiRequestInit(args.body, { language: i18n.language, etag: cached?.etag, signal })));
  } catch {
    return fail({ code: 0, message: i18n.t('errors.network') });
  }
  if (response.status === 304 && cached) return { data: cached.data };

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (!isEnvelope(payload)) return fail({ code: 0, message: i18n.t('errors.unreadable') });

  const { code, message, data } = payload.response;
  if (code === 403 || message === ACCESS_DENIED_MESSAGE) {
    dispatch(redirect('/'));
    return fail({ code, message, data });
  }
  if (code === 401 && sessionCall) {
    // No toast: it would be cleared by the navigation; View shows the message instead. A late answer
    // to a call sent before a Logout finds nobody signed in, and changes nothing.
    const signedIn = (getState() as { session?: { user?: unknown } }).session?.user;
    if (signedIn) dispatch(signedOut({ reason: 'unauthorized', message }));
    return fail({ code, message, data }, false);
  }
  if (code === 503 && (data as { maintenance?: unknown } | null)?.maintenance === true) {
    dispatch(maintenanceStarted());
    return fail({ code, message, data }, false);
  }
  if (code !== SUCCESS_CODE) return fail({ code, message, data });

  if (sessionCall) dispatch(sessionUsed(sentAt));
  const etag = response.headers.get('ETag');
  if (args.cacheKey && etag) writeJson('session', args.cacheKey, { etag, data } satisfies CachedAnswer);
  return { data };
};

/** The portal's single API; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  endpoints: () => ({}),
});
