import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

// The signed-in applicant's dashboard: every query is bound to the session's application.
type Db = Kysely<Database> | Transaction<Database>;

/** The application as the dashboard shows it. */
export async function findDashboardApplication(db: Db, applicationId: number) {
  return db
    .selectFrom('application')
    .select(['reference_number', 'application_type', 'status', 'answers', 'submitted_at'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

/**
 * The status changes, newest first. Staff actions that moved no status (an invoice, a review) reach
 * the applicant as notifications.
 */
export async function statusHistory(db: Db, applicationId: number) {
  return db
    .selectFrom('application_event')
    .select(['status', 'remark', 'created_at'])
    .where('application_id', '=', applicationId)
    .where('status_changed', '=', true)
    .orderBy('id', 'desc')
    .execute();
}

/** The application's newest permit, if it has one. */
export async function latestPermit(db: Db, applicationId: number) {
  return db
    .selectFrom('permit')
    .select(['permit_number', 'valid_until', 'revoked_at'])
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The engineer named in the answers, with the role's names. */
export async function findEngineerWithRole(db: Db, registrationNumber: string) {
  return db
    .selectFrom('engineer')
    .leftJoin('engineer_role', 'engineer_role.id', 'engineer.role_id')
    .select([
      'engineer.name',
      'engineer.experience_years',
      'engineer.email',
      'engineer.mobile',
      'engineer_role.name_en',
      'engineer_role.name_sw',
    ])
    .where('engineer.registration_number', '=', registrationNumber)
    .executeTakeFirst();
}

/**
 * The submitted applications, newest first (at most 100): those with the applicant's ID number and
 * phone when both are known, else only the application itself.
 */
export async function submittedApplicationsOf(
  db: Db,
  applicationId: number,
  applicant: { id_number: string | null; phone: string | null },
) {
  let query = db
    .selectFrom('application')
    .select(['id', 'reference_number', 'application_type', 'status', 'submitted_at'])
    .where('status', '!=', 'draft')
    .orderBy('submitted_at', 'desc')
    .limit(100);
  query =
    applicant.id_number !== null && applicant.phone !== null
      ? query.where('id_number', '=', applicant.id_number).where('phone', '=', applicant.phone)
      : query.where('id', '=', applicationId);
  return query.execute();
}

/** The application's files but those replaced by a newer one, newest first. */
export async function currentAttachments(db: Db, applicationId: number) {
  return db
    .selectFrom('attachment')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('status', '!=', 'replaced')
    .orderBy('created_at', 'desc')
    .execute();
}

/** One file, only if it is the application's own. */
export async function findOwnAttachment(db: Db, applicationId: number, attachmentId: string) {
  return db
    .selectFrom('attachment')
    .select(['id', 'document_type', 'mime_type', 'size'])
    .where('id', '=', attachmentId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
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

/** The application's permits, newest first. */
export async function permitsOf(db: Db, applicationId: number) {
  return db
    .selectFrom('permit')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The application, locked until the renewal's transaction ends. */
export async function lockForRenewal(trx: Transaction<Database>, applicationId: number) {
  return trx
    .selectFrom('application')
    .select(['reference_number', 'status'])
    .where('id', '=', applicationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** One of the application's own permits by its number. */
export async function findOwnPermit(db: Db, applicationId: number, permitNumber: string) {
  return db
    .selectFrom('permit')
    .select(['id', 'permit_number', 'revoked_at'])
    .where('application_id', '=', applicationId)
    .where('permit_number', '=', permitNumber)
    .executeTakeFirst();
}

/** Records the renewal request; answers when. */
export async function insertRenewalRequest(
  trx: Transaction<Database>,
  request: { id: string; application_id: number; permit_id: string; type_of_work: string; reason: string },
): Promise<Date> {
  const created = await trx
    .insertInto('renewal_request')
    .values(request)
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return created.created_at;
}

/** Status renewal_requested and its history line. */
export async function markRenewalRequested(trx: Transaction<Database>, applicationId: number): Promise<void> {
  await trx
    .updateTable('application')
    .set({ status: 'renewal_requested', updated_at: new Date() })
    .where('id', '=', applicationId)
    .execute();
  await trx
    .insertInto('application_event')
    .values({ application_id: applicationId, status: 'renewal_requested', remark: null })
    .execute();
}

/** The applicant's message to the unit; answers when it was written. */
export async function insertApplicantMessage(
  db: Db,
  message: { id: string; application_id: number; subject: string | null; message: string },
): Promise<Date> {
  const row = await db
    .insertInto('applicant_message')
    .values(message)
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return row.created_at;
}
