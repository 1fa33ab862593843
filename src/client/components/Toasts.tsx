import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { clearToasts } from '../app/ui-slice';

const ToastList = lazy(() => import('./ToastList'));

/** Notifications as toasts that hide after 5 s and are cleared on each navigation. */
export function Toasts() {
  const shown = useAppSelector((s) => s.ui.toasts.length > 0);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();

  useEffect(() => {
    dispatch(clearToasts());
  }, [pathname, dispatch]);

  return shown ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
