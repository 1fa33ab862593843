import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** How long a toast shows before it hides itself (ToastList). */
export const TOAST_HIDE_MS = 5000;

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: string;
  severity: ToastSeverity;
  /** A translation key (client texts) or, for server messages, the text itself. */
  key?: string;
  text?: string;
}

export interface UiState {
  toasts: Toast[];
  /** Bumped whenever a call fails, so the progress bar can show the failure. */
  failures: number;
  maintenance: boolean;
  /** Where the app must go next (e.g. '/' after 'Access denied'); the router follows it and clears it. */
  redirectTo: string | null;
}

const initialState: UiState = { toasts: [], failures: 0, maintenance: false, redirectTo: null };

const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    showToast: {
      /** Once: the same message twice at a time (a call and its retry failing alike) says nothing more. */
      reducer(state, action: PayloadAction<Toast>) {
        const { severity, key, text } = action.payload;
        const shown = state.toasts.some((t) => t.severity === severity && t.key === key && t.text === text);
        if (!shown) state.toasts.push(action.payload);
      },
      prepare(toast: Omit<Toast, 'id'>) {
        return { payload: { ...toast, id: nanoid() } };
      },
    },
    hideToast(state, action: PayloadAction<string>) {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
    clearToasts(state) {
      state.toasts = [];
    },
    callFailed(state) {
      state.failures += 1;
    },
    maintenanceStarted(state) {
      state.maintenance = true;
    },
    maintenanceEnded(state) {
      state.maintenance = false;
    },
    redirect(state, action: PayloadAction<string>) {
      state.redirectTo = action.payload;
    },
    redirectDone(state) {
      state.redirectTo = null;
    },
  },
});

export const {
  showToast,
  hideToast,
  clearToasts,
  callFailed,
  maintenanceStarted,
  maintenanceEnded,
  redirect,
  redirectDone,
} = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
