import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readJson, STORAGE_KEYS } from './browser-storage';

/** The signed-in applicant: the application record without secrets (spec: the user is the application). */
export type SessionUser = Record<string, unknown> & { reference_number: string };

export interface SessionState {
  user: SessionUser | null;
}

export function loadSessionState(): SessionState {
  const user = readJson<SessionUser>('local', STORAGE_KEYS.user);
  return { user: user && typeof user.reference_number === 'string' ? user : null };
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: loadSessionState,
  reducers: {
    signedIn(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
    },
    signedOut(state) {
      state.user = null;
    },
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
