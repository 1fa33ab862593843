import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionTimes, SignedInUser } from '../../shared/dashboard';
import { readJson, STORAGE_KEYS } from './browser-storage';

/**
 * The signed-in applicant: the application record without secrets (spec: the user is the application).
 * Partial: a user kept by an older version of the portal may lack some fields.
 */
export type SessionUser = Partial<SignedInUser> & { reference_number: string };

/** When the session ends, as the client counts it (ms since the epoch). */
export interface SessionClock {
  /** Ends if nothing happens until then; every successful dashboard call moves it on. */
  idleEndsAt: number;
  /** Ends at the latest (12 h after sign-in), whatever happens. */
  expiresAt: number;
  idleTimeoutMs: number;
}

/** Why the applicant is no longer signed in: the View page says so. */
export interface SessionEnded {
  reason: 'logout' | 'expired' | 'unauthorized';
  /** The server's message (a 401's), shown as it is. */
  message?: string;
}

export interface SessionState {
  user: SessionUser | null;
  /** Unknown after a reload until the dashboard asks the server (keep_alive). */
  clock?: SessionClock | null;
  /** Set by a sign-out, until the View page has shown why. */
  ended?: SessionEnded | null;
}

export function loadSessionState(): SessionState {
  const user = readJson<SessionUser>('session', STORAGE_KEYS.user);
  return { user: user && typeof user.reference_number === 'string' ? user : null, clock: null, ended: null };
}

/**
 * The server's times as this device counts them. The server's "now" is its idle end less the idle
 * time (unless the 12 h limit cut the idle end short: then no correction is made).
 */
export function clockOf(times: SessionTimes, receivedAt: number): SessionClock {
  const idleTimeoutMs = times.idle_timeout_s * 1000;
  const idleEnds = Date.parse(times.idle_expires_at);
  const expires = Date.parse(times.expires_at);
  const offset = idleEnds < expires ? receivedAt - (idleEnds - idleTimeoutMs) : 0;
  return { idleEndsAt: Math.min(idleEnds, expires) + offset, expiresAt: expires + offset, idleTimeoutMs };
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: loadSessionState,
  reducers: {
    signedIn(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.ended = null;
    },
    /** Without a payload (or 'logout'): the applicant chose to leave; the other reasons are shown on View. */
    signedOut(state, action: PayloadAction<SessionEnded | undefined>) {
      state.user = null;
      state.clock = null;
      state.ended = action.payload ?? { reason: 'logout' };
    },
    endedShown(state) {
      state.ended = null;
    },
    /**
     * The server's times, from a sign-in or keep_alive, moved onto this device's clock: a phone's clock
     * may be minutes off, and the session must not seem to end early or late because of it.
     */
    sessionTimesReceived: {
      reducer(state, action: PayloadAction<{ times: SessionTimes; receivedAt: number }>) {
        state.clock = clockOf(action.payload.times, action.payload.receivedAt);
      },
      prepare(times: SessionTimes, receivedAt: number = Date.now()) {
        return { payload: { times, receivedAt } };
      },
    },
    /** A successful call that the server counts as activity, answered at `payload` (ms since the epoch). */
    sessionUsed(state, action: PayloadAction<number>) {
      const clock = state.clock;
      if (!clock) return;
      clock.idleEndsAt = Math.max(clock.idleEndsAt, Math.min(action.payload + clock.idleTimeoutMs, clock.expiresAt));
    },
  },
});

export const { signedIn, signedOut, endedShown, sessionTimesReceived, sessionUsed } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
