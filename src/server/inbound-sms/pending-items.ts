import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { openRound } from '../changes/changes-access';
import { unpaidInvoicesOf } from '../payments/invoices-access';

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
    params: { amount: invoice.balance_tzs, control_number: invoice.control_number, due_date: invoice.due_date },
  }));

/** A returned application's open round of requests for changes: how many, and by when (src/server/changes). */
export const openChangeRequests: PendingItemSource = async (db, application) => {
  if (application.status !== 'returned') return [];
  const round = await openRound(db, application.id);
  if (!round) return [];
  return [{ key: 'changes', params: { count: round.requests.length, deadline: round.due_date } }];
};

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
