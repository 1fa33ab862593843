import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The SMS rows (sms-queue.ts) and the development outbox (sms-sender.ts).
type Db = Kysely<Database>;

/** A new SMS, queued; answers its id. */
export async function insertSms(db: Db, sms: { phone: string; message: string; purpose: string }): Promise<number> {
  const { id } = await db.insertInto('sms_message').values(sms).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Takes a queued SMS for one attempt (queued → sending); undefined when it is not queued. */
export async function claimSms(db: Db, id: number, now: Date) {
  return db
    .updateTable('sms_message')
    .set({ status: 'sending', attempts: sql`attempts + 1`, last_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .returning(['phone', 'message', 'purpose'])
    .executeTakeFirst();
}

export async function smsStatus(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('sms_message').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

/** The attempt failed: the SMS waits for its job. */
export async function setSmsQueued(db: Db, id: number): Promise<void> {
  await db.updateTable('sms_message').set({ status: 'queued' }).where('id', '=', id).execute();
}

/** Delivered: the row keeps no text. */
export async function setSmsSent(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('sms_message').set({ status: 'sent', sent_at: at, message: '' }).where('id', '=', id).execute();
}

/** SMS left 'sending' since before `before` (the process died during the send) queued again. */
export async function requeueStuckSending(db: Db, before: Date): Promise<void> {
  await db
    .updateTable('sms_message')
    .set({ status: 'queued' })
    .where('status', '=', 'sending')
    .where('last_attempt_at', '<', before)
    .execute();
}

/** Queued SMS not tried since before `before` (their job's retries are spent), oldest first, at most `limit`. */
export async function staleQueuedSms(db: Db, before: Date, limit: number) {
  return db
    .selectFrom('sms_message')
    .select('id')
    .where('status', '=', 'queued')
    .where(sql<Date>`coalesce(last_attempt_at, created_at)`, '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function insertOutboxMessage(
  db: Db,
  message: { phone: string; message: string; purpose: string },
): Promise<void> {
  await db.insertInto('sms_outbox').values(message).execute();
}

/** The outbox's newest messages (development tools). */
export async function outbox(db: Db, limit = 50) {
  return db
    .selectFrom('sms_outbox')
    .select(['id', 'phone', 'message', 'purpose', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The SMS whose purpose starts with `purposePrefix` sent to the phone in the last hour. */
export async function smsSentLastHour(db: Kysely<Database>, phone: string, purposePrefix: string): Promise<number> {
  const { sent } = await db
    .selectFrom('sms_message')
    .select(sql<number>`count(*)::int`.as('sent'))
    .where('phone', '=', phone)
    .where('purpose', 'like', `${purposePrefix}%`)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return sent;
}
