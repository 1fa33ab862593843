import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StaffMember } from '../../shared/api/staff-session';

/**
 * Who is signed in to the studio. `unknown` until staff/session/current answers on load; a 401 of any
 * studio call ends it (`expired`), as does Sign out (`signed_out`): the app then shows the sign-in.
 */
export interface StaffSessionState {
  status: 'unknown' | 'signed_in' | 'signed_out';
  staff: StaffMember | null;
  /** Why the sign-in is shown again, when it is not the first visit. */
  reason: 'expired' | 'signed_out' | null;
}

const initialState: StaffSessionState = { status: 'unknown', staff: null, reason: null };

const staffSessionSlice = createSlice({
  name: 'staffSession',
  initialState,
  reducers: {
    staffSignedIn(state, action: PayloadAction<StaffMember>) {
      state.status = 'signed_in';
      state.staff = action.payload;
      state.reason = null;
    },
    staffSignedOut(state, action: PayloadAction<StaffSessionState['reason']>) {
      // Only the end of a live session has something to say: a 401 before anyone signed in (the first
      // `current`) is no expiry, and a late 401 after Sign out must not turn "signed out" into "expired".
      if (state.status === 'signed_in') state.reason = action.payload;
      state.status = 'signed_out';
      state.staff = null;
    },
  },
});

export const { staffSignedIn, staffSignedOut } = staffSessionSlice.actions;
export const staffSessionReducer = staffSessionSlice.reducer;
