import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sessionTimesReceived, signedOut } from '../../app/session-slice';
import { useLogoutMutation } from '../../session/session-api';
import { useKeepAliveMutation } from './dashboard-api';
import { countdown, nextTickIn, phaseAt, WARNING_MS } from './session-clock';
import { useLogout } from './use-logout';

/**
 * The session's clock: 30 minutes without a dashboard call ends it (every successful call starts the
 * count again), and 12 hours after sign-in at the latest. Two minutes before the end a dialog offers
 * "Stay signed in" (keep_alive) or "Log out"; at the end the browser signs out and View says why.
 */
export function SessionTimer() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const clock = useAppSelector((s) => s.session.clock);
  const [keepAlive, keepingAlive] = useKeepAliveMutation();
  const [endOnServer] = useLogoutMutation();
  const { logout, loggingOut } = useLogout();
  const [now, setNow] = useState(() => Date.now());
  /** The end a "Continue" was chosen for, when the 12-hour limit cannot be pushed back. */
  const [dismissedEnd, setDismissedEnd] = useState<number | null>(null);

  // After a reload the times are unknown: the server tells them (and counts the reload as activity).
  const known = Boolean(clock);
  useEffect(() => {
    if (known) return;
    keepAlive()
      .unwrap()
      .then((times) => dispatch(sessionTimesReceived(times)))
      .catch(() => undefined); // a 401 has signed out already; otherwise the next call tells
  }, [known, keepAlive, dispatch]);

  // One timer to the next moment that matters; a phone that slept catches up when it is shown again.
  useEffect(() => {
    if (!clock) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(nextTickIn(clock, Date.now()), 0));
    const onVisible = () => document.visibilityState === 'visible' && setNow(Date.now());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [clock, now]);

  const phase = clock ? phaseAt(clock, now) : 'active';
  useEffect(() => {
    if (phase !== 'ended') return;
    // The server has ended it too, or is about to: make sure, without waiting for the answer.
    void endOnServer();
    dispatch(signedOut({ reason: 'expired' }));
  }, [phase, endOnServer, dispatch]);

  if (!clock || phase !== 'warning') return null;
  const atLimit = clock.idleEndsAt >= clock.expiresAt;
  if (atLimit && dismissedEnd === clock.idleEndsAt) return null;

  const stay = async () => {
    if (atLimit) return setDismissedEnd(clock.idleEndsAt);
    try {
      dispatch(sessionTimesReceived(await keepAlive().unwrap()));
    } catch {
      // The base query has said why (or signed out on a 401); the dialog stays.
    }
  };

  return (
    <Dialog
      open
      onClose={() => void stay()}
      aria-labelledby="session-warning-title"
      aria-describedby="session-warning-body"
    >
      <DialogTitle id="session-warning-title">{t('session.warning_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-warning-body">
          {t(atLimit ? 'session.warning_limit' : 'session.warning_body', { minutes: WARNING_MS / 60_000 })}
        </DialogContentText>
        <Typography role="timer" sx={{ mt: 2, fontSize: '1.5rem', fontWeight: 700 }}>
          {t('session.time_left', { time: countdown(clock.idleEndsAt - now) })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void logout()} disabled={loggingOut}>
          {t('dashboard.logout')}
        </Button>
        <Button variant="contained" autoFocus onClick={() => void stay()} disabled={keepingAlive.isLoading}>
          {t(atLimit ? 'session.continue' : 'session.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
