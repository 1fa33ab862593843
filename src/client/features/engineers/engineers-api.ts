import {
  ENGINEER_PAGE_SIZES as PAGE_SIZES,
  getEngineers,
  type EngineersPage,
  type EngineersQuery,
} from '../../../shared/api/engineers';
import { api } from '../../app/api';
import { callQuery } from '../../app/call-endpoint';
import type { AppStore } from '../../app/store';

export type { EngineersPage, EngineersQuery };

/** The page sizes the list offers (src/shared/api/engineers.ts). */
export const ENGINEER_PAGE_SIZES: readonly number[] = PAGE_SIZES;
export const SEARCH_MAX_LENGTH = 100;

/** The list's state as the URL gives it (?q=&role=&page=&size=), so that a search can be shared or bookmarked. */
export interface EngineerParams {
  search: string;
  role: string;
  page: number;
  pageSize: number;
}

/** Reads the URL's list state; a hand-edited or old link keeps only what the server would accept. */
export function engineerParams(params: URLSearchParams): EngineerParams {
  const size = Number(params.get('size'));
  const role = params.get('role') ?? '';
  return {
    search: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    role: /^[a-z0-9_]{1,50}$/.test(role) ? role : '',
    page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
    pageSize: ENGINEER_PAGE_SIZES.includes(size) ? size : ENGINEER_PAGE_SIZES[0]!,
  };
}

/** The call that shows the list in `state`. */
export function engineersQuery(state: EngineerParams): EngineersQuery {
  return {
    ...(state.search ? { search: state.search } : {}),
    ...(state.role ? { role: state.role } : {}),
    page: state.page,
    // One of ENGINEER_PAGE_SIZES: engineerParams keeps no other.
    page_size: state.pageSize as EngineersQuery['page_size'],
  };
}

const engineersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEngineers: callQuery(build, getEngineers),
  }),
});

export const { useGetEngineersQuery } = engineersApi;

/** The list the Engineers page at `search` opens with, asked for before the page has loaded. */
export function prefetchEngineers(store: Pick<AppStore, 'dispatch'>, search: URLSearchParams): void {
  void store.dispatch(engineersApi.util.prefetch('getEngineers', engineersQuery(engineerParams(search)), {}));
}
