// An application's status and its lock: ../status-move.ts moves the status; every module's change locks with these.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A new status, its line in the history aside (./status-move.ts writes both, and only it). */
export async function writeStatus(db: Db, applicationId: number, status: string, at: Date): Promise<void> {
  await db
    .updateTable('application')
    .set({ status, updated_at: at, stage_since: at })
    .where('id', '=', applicationId)
    .execute();
}

/** The application's status now (a history line that moves no status repeats it). */
export async function statusOf(db: Db, applicationId: number): Promise<string | undefined> {
  const row = await db.selectFrom('application').select('status').where('id', '=', applicationId).executeTakeFirst();
  return row?.status;
}

/** A change made beside the application (an invoice, a document's review): it shows as updated. */
export async function touchApplication(db: Db, applicationId: number): Promise<void> {
  await db.updateTable('application').set({ updated_at: new Date() }).where('id', '=', applicationId).execute();
}

/** The application by its reference, locked until the transaction ends: two changes of it cannot interleave. */
export async function lockApplication(trx: Transaction<Database>, reference: string) {
  return trx
    .selectFrom('application')
    .select(['id', 'reference_number', 'status'])
    .where('reference_number', '=', reference)
    .forUpdate()
    .executeTakeFirst();
}

/** The application by its id, locked until the transaction ends (every module's changes lock it with this). */
export async function lockApplicationById(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('application')
    .select([
      'id',
      'reference_number',
      'status',
      'application_type',
      'answers',
      'forms_version',
      'language',
      'updated_at',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
