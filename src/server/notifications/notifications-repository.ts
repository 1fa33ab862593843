import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A portal notice: its kind and parameters, its text written in the reader's language when read. */
export async function insertNotice(
  db: Kysely<Database>,
  notice: { id: string; application_id: number; kind: string; params: string },
): Promise<void> {
  await db.insertInto('notification').values(notice).execute();
}

/** A notification in staff's own words. */
export async function insertStaffNote(
  db: Kysely<Database>,
  note: { id: string; application_id: number; kind: null; title: string; message: string; remark: string | null },
): Promise<void> {
  await db.insertInto('notification').values(note).execute();
}

/** How many notifications the applicant has been sent. */
export async function notificationCount(db: Kysely<Database>, applicationId: number): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The application's notifications, newest first. */
export async function notificationsOf(db: Db, applicationId: number) {
  return db
    .selectFrom('notification')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Marks the unread notifications read; answers how many. */
export async function markNotificationsRead(db: Db, applicationId: number, at: Date): Promise<number> {
  const result = await db
    .updateTable('notification')
    .set({ read_at: at })
    .where('application_id', '=', applicationId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
