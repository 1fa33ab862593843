import { useCallback } from 'react';
import { forgetDeviceDrafts } from '../../app/device-drafts';
import { useAppDispatch } from '../../app/hooks';
import { signedOut } from '../../app/session-slice';
import { useLogoutMutation } from '../../session/session-api';

/**
 * Logout: the server ends the session (it always answers 200), then the browser forgets the user;
 * the route guard opens View. Without a connection the session still ends here, and on the server
 * when its time is up.
 */
export function useLogout() {
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const run = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch {
      // see above
    }
    await forgetDeviceDrafts();
    dispatch(signedOut({ reason: 'logout' }));
  }, [logout, dispatch]);
  return { logout: run, loggingOut: isLoading };
}
