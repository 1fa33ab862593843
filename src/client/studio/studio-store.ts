import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { uiReducer } from '../app/ui-slice';
import { staffSessionReducer } from './staff-session-slice';
import { studioApi } from './studio-api';

/** The studio's own store: its API cache, who is signed in, and the portal's toasts (ui: the base query's). */
const rootReducer = combineReducers({
  [studioApi.reducerPath]: studioApi.reducer,
  staffSession: staffSessionReducer,
  ui: uiReducer,
});

export type StudioState = ReturnType<typeof rootReducer>;

/** Builds the store, for the studio and for tests. */
export function makeStudioStore(preloadedState?: Partial<StudioState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        // The API cache holds whole forms sets (hundreds of KB of server JSON, never mutated): the
        // development checks would walk them on every action.
        immutableCheck: { ignoredPaths: [studioApi.reducerPath] },
        serializableCheck: {
          ignoredPaths: [studioApi.reducerPath],
          ignoredActionPaths: ['payload', 'meta.baseQueryMeta'],
        },
      }).concat(studioApi.middleware),
  });
  // refetchOnFocus: another editor's saves show when the studio's tab comes back.
  setupListeners(store.dispatch);
  return store;
}

export type StudioStore = ReturnType<typeof makeStudioStore>;
export type StudioDispatch = StudioStore['dispatch'];
