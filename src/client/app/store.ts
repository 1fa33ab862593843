import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { QueryStatus } from '@reduxjs/toolkit/query/react';
import { api } from './api';
import { remove, STORAGE_KEYS, writeJson } from './browser-storage';
import { sessionReducer, signedIn, signedOut } from './session-slice';
import { uiReducer } from './ui-slice';
import { wizardReducer } from '../features/wizard/wizard-slice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  ui: uiReducer,
  session: sessionReducer,
  wizard: wizardReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Keeps the signed-in user for the tab's session (the spec's 'user'; not persistent: see browser-storage.ts),
 * once the reducers have seen the action. A middleware of its own rather than RTK's listener middleware
 * (~1 KiB of gzip on every page for two listeners).
 */
const persistence: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (signedIn.match(action)) writeJson('session', STORAGE_KEYS.user, action.payload);
  else if (signedOut.match(action)) remove('session', STORAGE_KEYS.user);
  return result;
};

/** Builds the store, for the app and for tests. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        // An upload's argument is a File: RTK Query keeps it in state as the mutation's originalArgs.
        serializableCheck: {
          ignoredActionPaths: ['meta.arg', 'meta.baseQueryMeta'],
          ignoredPaths: [/^api\.mutations\./],
        },
      })
        .prepend(persistence)
        .concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** True while any API call is in flight: the progress bar follows it. */
export function selectCallsPending(state: RootState): boolean {
  const { queries, mutations } = state[api.reducerPath];
  return (
    Object.values(queries).some((q) => q?.status === QueryStatus.pending) ||
    Object.values(mutations).some((m) => m?.status === QueryStatus.pending)
  );
}
