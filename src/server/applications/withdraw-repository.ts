import type { Transaction } from 'kysely';
import { WITHDRAWN } from '../../shared/api/withdraw';
import type { Database } from '../db/schema';

/** The application, locked until the withdrawal's transaction ends. */
export async function lockForWithdraw(trx: Transaction<Database>, applicationId: number) {
  return trx
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'updated_at'])
    .where('id', '=', applicationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Status withdrawn and its history line with the reason; answers when. */
export async function markWithdrawn(trx: Transaction<Database>, applicationId: number, reason: string): Promise<Date> {
  const now = new Date();
  await trx
    .updateTable('application')
    .set({ status: WITHDRAWN, updated_at: now })
    .where('id', '=', applicationId)
    .execute();
  const event = await trx
    .insertInto('application_event')
    .values({ application_id: applicationId, status: WITHDRAWN, remark: reason })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return event.created_at;
}

/** When it was withdrawn (its history line). */
export async function withdrawnAt(trx: Transaction<Database>, applicationId: number): Promise<Date | undefined> {
  const row = await trx
    .selectFrom('application_event')
    .select('created_at')
    .where('application_id', '=', applicationId)
    .where('status', '=', WITHDRAWN)
    .where('status_changed', '=', true)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}
