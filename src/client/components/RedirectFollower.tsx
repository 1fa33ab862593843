import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { redirectDone } from '../app/ui-slice';

/** Follows redirects asked for outside React (the base query's 'Access denied' → '/'). */
export function RedirectFollower() {
  const to = useAppSelector((s) => s.ui.redirectTo);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    dispatch(redirectDone());
    void navigate(to, { replace: true });
  }, [to, dispatch, navigate]);
  return null;
}
