import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ReminderKind } from './reminder-policy';

// The reminders' own table, reminder_sent. What is due is read by each table's owner (src/server/db/table-owners.ts):
// expiringPermits (permits), dueInvoices (payments) and idleDrafts (applications), through their modules' *-access.ts.

/**
 * Claims a reminder inside the transaction that queues its SMS: true for the one transaction that
 * writes the row; another (a re-run, a second server) waits for it, then finds it and sends nothing.
 */
export async function claimReminder(
  trx: Kysely<Database>,
  reminder: { kind: ReminderKind; subject: string; application_id: number; sent_at: Date },
): Promise<boolean> {
  const row = await trx
    .insertInto('reminder_sent')
    .values(reminder)
    .onConflict((oc) => oc.columns(['kind', 'subject']).doNothing())
    .returning('subject')
    .executeTakeFirst();
  return row !== undefined;
}
