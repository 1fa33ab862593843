import type { ListApplicationsRequest } from '../../../shared/api/back-office';
import { APPLICATION_TYPES, type ApplicationType } from '../../../shared/wizard-driver';

/**
 * The work queue's query, kept in the page's address (so a view can be bookmarked, shared, and come
 * back to with Back): `stage`, `type`, `overdue=1`, `q` (the search box) and `page`.
 */

/** The queue's stages, in the order an application goes through them. */
export const QUEUE_STAGES = [
  'submitted',
  'under_review',
  'returned',
  'overdue_changes',
  'approved',
  'permit_issued',
  'renewal_requested',
  'withdrawn',
] as const;
export type QueueStage = (typeof QUEUE_STAGES)[number];

/** Rows on a page of the queue. */
export const QUEUE_PAGE_SIZE = 25;

export interface QueueQuery {
  stage?: QueueStage;
  type?: ApplicationType;
  overdue: boolean;
  /** "My work": only those assigned to the staff member (the page /office/mine). */
  mine?: boolean;
  q: string;
  page: number;
}

const isStage = (value: string | null): value is QueueStage =>
  value !== null && (QUEUE_STAGES as readonly string[]).includes(value);
const isType = (value: string | null): value is ApplicationType =>
  value !== null && (APPLICATION_TYPES as readonly string[]).includes(value);

/** The query an address holds; anything it cannot be is left out (an old or mistyped link still opens). */
export function queueQueryOf(params: URLSearchParams): QueueQuery {
  const stage = params.get('stage');
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    ...(isStage(stage) ? { stage } : {}),
    ...(isType(type) ? { type } : {}),
    overdue: params.get('overdue') === '1',
    // By characters, not UTF-16 units: a cut never splits one in two.
    q: [...(params.get('q') ?? '')].slice(0, 100).join(''),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address's search part for a query (only what is set; the first page is no parameter). */
export function queueParams(query: QueueQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.stage) params.set('stage', query.stage);
  if (query.type) params.set('type', query.type);
  if (query.overdue) params.set('overdue', '1');
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** list_applications' body for a query: "overdue changes" is the returned stage, overdue. */
export function queueRequest(query: QueueQuery): ListApplicationsRequest {
  const status = query.stage === 'overdue_changes' ? 'returned' : query.stage;
  const overdue = query.overdue || query.stage === 'overdue_changes';
  const search = query.q.trim();
  return {
    ...(status ? { status } : {}),
    ...(query.type ? { application_type: query.type } : {}),
    ...(overdue ? { overdue: true } : {}),
    ...(search ? { search } : {}),
    ...(query.mine ? { mine: true } : {}),
    page: query.page,
    page_size: QUEUE_PAGE_SIZE,
  };
}
