import type { Engineer } from '../../../shared/reference-data';
import { api } from '../../app/api';
import type { AppStore } from '../../app/store';

export interface EngineersQuery {
  search?: string;
  role?: string;
  page: number;
  page_size: number;
}

export interface EngineersPage {
  items: Engineer[];
  total: number;
  page: number;
  page_size: number;
}

export const ENGINEER_PAGE_SIZES = [10, 25, 50, 100];
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
    page_size: state.pageSize,
  };
}

const engineersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEngineers: build.query<EngineersPage, EngineersQuery>({
      query: (body) => ({ url: '/engineer/get_engineers', body }),
    }),
  }),
});

export const { useGetEngineersQuery } = engineersApi;

/** The list the Engineers page at `search` opens with, asked for before the page has loaded. */
export function prefetchEngineers(store: Pick<AppStore, 'dispatch'>, search: URLSearchParams): void {
  void store.dispatch(engineersApi.util.prefetch('getEngineers', engineersQuery(engineerParams(search)), {}));
}
