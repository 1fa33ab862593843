import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { STORAGE_KEYS, writeText } from '../app/browser-storage';

/**
 * Spec route guard: without a signed-in user, remember the intended URL and go to Home.
 * A session that has just ended (Logout, the timer, a 401) goes to View (/home/login) instead, which
 * says why; a session that ended by itself remembers where the applicant was, to return there.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useAppSelector((s) => s.session.user);
  const ended = useAppSelector((s) => s.session.ended);
  const location = useLocation();
  if (user) return children;
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (ended?.reason === 'logout') return <Navigate to="/home/login" replace />;
  writeText('session', STORAGE_KEYS.intendedUrl, here);
  return <Navigate to={ended ? '/home/login' : '/home/landing'} replace />;
}
