import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { readText, remove, STORAGE_KEYS } from '../app/browser-storage';
import { useAppDispatch } from '../app/hooks';
import { sessionTimesReceived, signedIn } from '../app/session-slice';
import { dashboardDataInvalidated, type SignInAnswer } from './session-api';

export const DASHBOARD_HOME = '/dashboard/application';

/** Where to go after a sign-in: the dashboard page the route guard remembered, else the application. */
export function takeIntendedUrl(): string {
  const intended = readText('session', STORAGE_KEYS.intendedUrl);
  remove('session', STORAGE_KEYS.intendedUrl);
  return intended && /^\/dashboard(\/|\?|$)/.test(intended) ? intended : DASHBOARD_HOME;
}

/**
 * A session has opened (a sign-in, or a switch to another application): keep the user (spec: the
 * persistent 'user'; the cookie stays with the browser), start the timer, drop the data of any
 * application shown before, and open the dashboard.
 */
export function useOpenSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (answer: SignInAnswer, to: string) => {
      dispatch(signedIn(answer.user));
      dispatch(sessionTimesReceived(answer.session));
      dispatch(dashboardDataInvalidated());
      void navigate(to);
    },
    [dispatch, navigate],
  );
}
