import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { unpaidInvoicesOf } from './inbound-sms-repository';

/**
 * Something the applicant still has to do, told after the status: a text of
 * `inbound_sms.pending.<key>` (locales/<lng>/api.json) with its parameters (dates as YYYY-MM-DD and
 * amounts as numbers: the composer writes them in the reader's language).
 */
export interface PendingItem {
  key: string;
  params: Record<string, string | number>;
}

export interface PendingOf {
  id: number;
  status: string;
}

/** One kind of pending item: a small function per kind, listed in PENDING_ITEM_SOURCES. */
export type PendingItemSource = (db: Kysely<Database>, application: PendingOf) => Promise<PendingItem[]>;

/** At most this many of one kind are looked up: two SMS parts have room for few. */
const MAX_OF_A_KIND = 3;

/** Each unpaid invoice: its amount, control number and due date. */
export const unpaidInvoices: PendingItemSource = async (db, application) =>
  (await unpaidInvoicesOf(db, application.id, MAX_OF_A_KIND)).map((invoice) => ({
    key: 'invoice',
    params: { amount: invoice.amount_tzs, control_number: invoice.control_number, due_date: invoice.due_date },
  }));

/**
 * THE PLACE FOR THE OPEN REQUESTS FOR CHANGES (issue 19, item 1, built by another part of the work):
 * a `returned` application's open round, as e.g. `{ key: 'changes', params: { count, deadline } }`
 * with the texts `inbound_sms.pending.changes` in both languages. Until that lands, nothing.
 */
export const openChangeRequests: PendingItemSource = async () => [];

/** Told in this order: what the officer asked first, then what is to pay. */
export const PENDING_ITEM_SOURCES: readonly PendingItemSource[] = [openChangeRequests, unpaidInvoices];

export async function pendingItems(
  db: Kysely<Database>,
  application: PendingOf,
  sources: readonly PendingItemSource[] = PENDING_ITEM_SOURCES,
): Promise<PendingItem[]> {
  const lists = await Promise.all(sources.map((source) => source(db, application)));
  return lists.flat();
}
