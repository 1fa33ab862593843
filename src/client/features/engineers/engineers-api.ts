import type { Engineer } from '../../../shared/reference-data';
import { api } from '../../app/api';

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

const engineersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEngineers: build.query<EngineersPage, EngineersQuery>({
      query: (body) => ({ url: '/engineer/get_engineers', body }),
    }),
  }),
});

export const { useGetEngineersQuery } = engineersApi;
