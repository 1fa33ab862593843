import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface DraftKeyRow {
  application_id: number;
  last_used_at: Date;
  expires_at: Date;
}

export async function insertDraftKey(
  db: Kysely<Database>,
  tokenHash: string,
  applicationId: number,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('draft_key')
    .values({ token_hash: tokenHash, application_id: applicationId, expires_at: expiresAt })
    .execute();
}

/** The key of a hash if it is still live (before its absolute end and not idle since `idleSince`). */
export async function findLiveDraftKey(
  db: Kysely<Database>,
  tokenHash: string,
  idleSince: Date,
): Promise<DraftKeyRow | undefined> {
  return db
    .selectFrom('draft_key')
    .select(['application_id', 'last_used_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', new Date())
    .where('last_used_at', '>', idleSince)
    .executeTakeFirst();
}

export async function touchDraftKey(db: Kysely<Database>, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('draft_key').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
}
