import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface SaveReceiptRow {
  application_id: number;
  step_number: number;
  created_draft: boolean;
  reference_number: string;
  application_type: string;
  status: string;
}

/** The receipt of a save by its key's hash, if made since `since`, with its draft. */
export async function findSaveReceipt(
  db: Kysely<Database>,
  keyHash: string,
  since: Date,
): Promise<SaveReceiptRow | undefined> {
  return db
    .selectFrom('save_receipt')
    .innerJoin('application', 'application.id', 'save_receipt.application_id')
    .select([
      'save_receipt.application_id',
      'save_receipt.step_number',
      'save_receipt.created_draft',
      'application.reference_number',
      'application.application_type',
      'application.status',
    ])
    .where('save_receipt.key_hash', '=', keyHash)
    .where('save_receipt.created_at', '>', since)
    .executeTakeFirst();
}

/** Inserts a receipt; a receipt of the same key already there stays as it is (and `false` is answered). */
export async function insertSaveReceipt(
  db: Kysely<Database>,
  row: { key_hash: string; application_id: number; step_number: number; created_draft: boolean },
): Promise<boolean> {
  const inserted = await db
    .insertInto('save_receipt')
    .values(row)
    .onConflict((c) => c.column('key_hash').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A draft's creation and its receipt go together: a second one with the same key fails (unique violation). */
export async function insertCreationReceipt(
  db: Kysely<Database>,
  row: { key_hash: string; application_id: number; step_number: number },
): Promise<void> {
  await db
    .insertInto('save_receipt')
    .values({ ...row, created_draft: true })
    .execute();
}

export async function deleteSaveReceiptsBefore(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('save_receipt').where('created_at', '<', before).execute();
}
