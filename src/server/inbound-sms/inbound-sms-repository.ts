import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Records a text by the gateway's id; false when that id was recorded before (a repeat). Inside the
 * caller's transaction: a second delivery of the same id at the same moment waits for the first and
 * then finds it.
 */
export async function recordInbound(
  trx: Kysely<Database>,
  messageId: string,
  phoneDigits: string,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .insertInto('inbound_sms')
    .values({ message_id: messageId, phone_digits: phoneDigits, outcome: 'received', replied: false, received_at: now })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('message_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setOutcome(trx: Kysely<Database>, messageId: string, outcome: string, replied: boolean) {
  await trx.updateTable('inbound_sms').set({ outcome, replied }).where('message_id', '=', messageId).execute();
}

/** Answers sent to this phone since `since`. */
export async function repliesSince(trx: Kysely<Database>, phoneDigits: string, since: Date): Promise<number> {
  const { count } = await trx
    .selectFrom('inbound_sms')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('phone_digits', '=', phoneDigits)
    .where('replied', '=', true)
    .where('received_at', '>', since)
    .executeTakeFirstOrThrow();
  return count;
}

export interface StatusTarget {
  id: number;
  reference_number: string;
  status: string;
  /** As saved: where the answer goes. */
  phone: string;
  language: string;
  /** The latest permit's end, for the status shown (an issued permit past its end reads "expired"). */
  permit_valid_until: string | null;
}

/**
 * The application with this reference number (as stored) whose saved phone has these 9 national
 * digits; undefined for an unknown number and for any other phone alike.
 */
export async function applicationForPhone(
  trx: Kysely<Database>,
  reference: string,
  phoneDigits: string,
): Promise<StatusTarget | undefined> {
  const row = await trx
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'phone', 'language'])
    .select((eb) =>
      eb
        .selectFrom('permit')
        .select(sql<string>`max(valid_until)`.as('v'))
        .whereRef('permit.application_id', '=', 'application.id')
        .as('permit_valid_until'),
    )
    .where('reference_number', '=', reference)
    .where(sql<string>`right(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), 9)`, '=', phoneDigits)
    .executeTakeFirst();
  if (!row?.phone) return undefined;
  return { ...row, phone: row.phone, permit_valid_until: row.permit_valid_until ?? null };
}

/**
 * An application's unpaid invoices, the soonest due first (at most `limit`: an SMS has room for few),
 * each with what is still to pay (`amount_tzs` less a part payment already received).
 */
export async function unpaidInvoicesOf(db: Kysely<Database>, applicationId: number, limit: number) {
  const rows = await db
    .selectFrom('invoice')
    .select(['amount_tzs', 'paid_tzs', 'control_number', 'due_date'])
    .where('application_id', '=', applicationId)
    .where('paid_at', 'is', null)
    // A cancelled invoice (by staff, or with the application's withdrawal) has nothing to pay.
    .where('cancelled_at', 'is', null)
    // A bill the gateway has not numbered yet cannot be paid: it is told once it has its number.
    .where('control_number', 'is not', null)
    .orderBy('due_date')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    control_number: row.control_number!,
    due_date: row.due_date,
    balance_tzs: Math.max(0, Number(row.amount_tzs) - Number(row.paid_tzs)),
  }));
}
