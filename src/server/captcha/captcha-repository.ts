import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Forgets the spent challenges that have expired (they could not be used again anyway). */
export async function deleteExpiredSpent(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('captcha_spent').where('expires_at', '<', now).execute();
}

/**
 * Records a challenge spent; false when it was spent already (a second insert of the same signature
 * adds nothing, and so returns no row).
 */
export async function markSpent(db: Kysely<Database>, signature: string, expiresAt: Date): Promise<boolean> {
  const spent = await db
    .insertInto('captcha_spent')
    .values({ signature, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return spent !== undefined;
}
