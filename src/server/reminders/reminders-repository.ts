import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ReminderKind } from './reminder-policy';

/** Who a reminder goes to: the application's saved phone, in the language the applicant last used. */
interface Recipient {
  application_id: number;
  reference_number: string;
  phone: string;
  language: string;
}

export interface ExpiringPermit extends Recipient {
  permit_id: string;
  permit_number: string;
  valid_until: string;
}

export interface DueInvoice extends Recipient {
  invoice_id: string;
  /** What is still to pay: the amount less any part payment received. */
  balance_tzs: number;
  control_number: string;
  due_date: string;
}

export interface IdleDraft extends Recipient {
  updated_at: Date;
}

/** Not yet reminded of: no reminder_sent row of this kind and subject. */
const notSent = (kind: ReminderKind, subject: ReturnType<typeof sql>) =>
  sql<boolean>`not exists (select 1 from reminder_sent r where r.kind = ${kind} and r.subject = ${subject})`;

/**
 * Permits whose last valid day is from `today` to `until` (calendar dates), not yet reminded of, that
 * no later permit of the same application replaced (renewed) and whose renewal is not already asked.
 */
export async function expiringPermits(
  db: Kysely<Database>,
  today: string,
  until: string,
  limit: number,
): Promise<ExpiringPermit[]> {
  const rows = await db
    .selectFrom('permit as p')
    .innerJoin('application as a', 'a.id', 'p.application_id')
    .select([
      'a.id as application_id',
      'a.reference_number',
      'a.phone',
      'a.language',
      'p.id as permit_id',
      'p.permit_number',
      'p.valid_until',
    ])
    .where('p.valid_until', '>=', today)
    .where('p.valid_until', '<=', until)
    .where('a.phone', 'is not', null)
    .where('a.status', 'not in', ['renewal_requested', 'withdrawn'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('permit as later')
            .select('later.id')
            .whereRef('later.application_id', '=', 'p.application_id')
            .whereRef('later.valid_until', '>', 'p.valid_until'),
        ),
      ),
    )
    .where(notSent('permit_expiry', sql`p.id || ':' || p.valid_until`))
    .orderBy('p.valid_until')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, phone: row.phone! }));
}

/** Unpaid invoices due from `today` to `until`, not yet reminded of (at their current due date). */
export async function dueInvoices(
  db: Kysely<Database>,
  today: string,
  until: string,
  limit: number,
): Promise<DueInvoice[]> {
  const rows = await db
    .selectFrom('invoice as i')
    .innerJoin('application as a', 'a.id', 'i.application_id')
    .select([
      'a.id as application_id',
      'a.reference_number',
      'a.phone',
      'a.language',
      'i.id as invoice_id',
      'i.amount_tzs',
      'i.paid_tzs',
      'i.control_number',
      'i.due_date',
    ])
    .where('i.paid_at', 'is', null)
    // A cancelled invoice (staff's cancel_invoice, a withdrawal) asks for nothing any more.
    .where('i.cancelled_at', 'is', null)
    // Without a control number yet (the gateway has not answered) there is nothing to pay with.
    .where('i.control_number', 'is not', null)
    .where('i.due_date', '>=', today)
    .where('i.due_date', '<=', until)
    .where('a.phone', 'is not', null)
    .where('a.status', '!=', 'withdrawn')
    .where(notSent('invoice_due', sql`i.id || ':' || i.due_date`))
    .orderBy('i.due_date')
    .orderBy('i.id')
    .limit(limit)
    .execute();
  return rows.map(({ amount_tzs, paid_tzs, ...row }) => ({
    ...row,
    phone: row.phone!,
    control_number: row.control_number!,
    // What is still to pay: a part payment already received is not asked for again.
    balance_tzs: Math.max(0, Number(amount_tzs) - Number(paid_tzs)),
  }));
}

/**
 * Drafts with a phone, last saved from `notBefore` up to `idleBefore` (30 days ago to the minute), not reminded of since their last save (a draft
 * saved again and left again is reminded again, once).
 */
export async function idleDrafts(
  db: Kysely<Database>,
  idleBefore: Date,
  notBefore: Date,
  limit: number,
): Promise<IdleDraft[]> {
  const rows = await db
    .selectFrom('application as a')
    .select(['a.id as application_id', 'a.reference_number', 'a.phone', 'a.language', 'a.updated_at'])
    .where('a.status', '=', 'draft')
    .where('a.phone', 'is not', null)
    .where('a.updated_at', '<=', idleBefore)
    // Older ones are the sweep's to delete, not to remind of.
    .where('a.updated_at', '>=', notBefore)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminder_sent as r')
            .select('r.subject')
            .where('r.kind', '=', 'draft_idle')
            .whereRef('r.application_id', '=', 'a.id')
            .whereRef('r.sent_at', '>', 'a.updated_at'),
        ),
      ),
    )
    .orderBy('a.updated_at')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, phone: row.phone! }));
}

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
