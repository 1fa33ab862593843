import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { STORAGE_KEYS, writeText } from '../app/browser-storage';

/** Spec route guard: without a signed-in user, remember the intended URL and go to Home. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useAppSelector((s) => s.session.user);
  const location = useLocation();
  if (user) return children;
  writeText('session', STORAGE_KEYS.intendedUrl, `${location.pathname}${location.search}${location.hash}`);
  return <Navigate to="/home/landing" replace />;
}
