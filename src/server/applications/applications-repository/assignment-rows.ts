// Who works an application (issue 33, item 2): its assignee's account, and since when.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** The account the application is assigned to (null: nobody), read inside the transaction that locked it. */
export async function assigneeOf(trx: Transaction<Database>, applicationId: number): Promise<number | null> {
  const row = await trx
    .selectFrom('application')
    .select('assigned_account_id')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return row.assigned_account_id;
}

/** Assigns it to `accountId` (null: nobody), from now. */
export async function setAssignee(
  trx: Transaction<Database>,
  applicationId: number,
  accountId: number | null,
): Promise<void> {
  await trx
    .updateTable('application')
    .set({ assigned_account_id: accountId, assigned_at: accountId === null ? null : new Date() })
    .where('id', '=', applicationId)
    .execute();
}
