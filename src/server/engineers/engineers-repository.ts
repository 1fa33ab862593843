import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The engineer's confirmation of one draft, by its token's hash. */
export async function insertConfirmation(
  db: Kysely<Database>,
  confirmation: { token_hash: string; registration_number: string; application_id: number; expires_at: Date },
): Promise<void> {
  await db.insertInto('engineer_confirmation').values(confirmation).execute();
}

/**
 * Marks the confirmation used (its first use kept) if it is this engineer's for this draft and was
 * used before or has not expired by `now`; false when there is none such.
 */
export async function useConfirmation(
  db: Kysely<Database>,
  tokenHash: string,
  registrationNumber: string,
  applicationId: number,
  now: Date,
): Promise<boolean> {
  const used = await db
    .updateTable('engineer_confirmation')
    .set({ used_at: sql<Date>`coalesce(used_at, now())` })
    .where('token_hash', '=', tokenHash)
    .where('registration_number', '=', registrationNumber)
    .where('application_id', '=', applicationId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}
