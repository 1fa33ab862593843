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
