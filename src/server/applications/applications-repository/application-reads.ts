// The application as each of its readers needs it: Continue, sign-in, the dashboard, the back office, notices.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** What Continue needs to send a code: the draft's status and the phone saved in it. */
export async function findDraftPhone(db: Kysely<Database>, referenceNumber: string) {
  return db
    .selectFrom('application')
    .select(['reference_number', 'status', 'phone'])
    .where('reference_number', '=', referenceNumber)
    .executeTakeFirst();
}

/** What Continue needs to open a draft once the code is right. */
export async function findDraftToOpen(db: Kysely<Database>, referenceNumber: string) {
  return db
    .selectFrom('application')
    .select(['id', 'reference_number', 'application_type', 'status'])
    .where('reference_number', '=', referenceNumber)
    .executeTakeFirst();
}

/** The ID number and phone an application was made with (the applicant's identity across applications). */
export async function applicantIdentity(db: Kysely<Database> | Transaction<Database>, applicationId: number) {
  return db
    .selectFrom('application')
    .select(['id_number', 'phone'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

/** An application's reference number, as stored. */
export async function referenceNumberOf(
  db: Kysely<Database> | Transaction<Database>,
  applicationId: number,
): Promise<string> {
  const row = await db
    .selectFrom('application')
    .select('reference_number')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return row.reference_number;
}

/** The application as the requests for changes read it (its forms version names its steps), by reference or id. */
const forChanges = (db: Db) =>
  db
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'application_type', 'answers', 'forms_version', 'language']);

export async function findApplicationByReference(db: Db, reference: string) {
  return forChanges(db).where('reference_number', '=', reference).executeTakeFirst();
}

export async function findApplicationById(db: Db, id: number) {
  return forChanges(db).where('id', '=', id).executeTakeFirst();
}

/** The application as the dashboard shows it. */
export async function findDashboardApplication(db: Db, applicationId: number) {
  return db
    .selectFrom('application')
    .select(['reference_number', 'application_type', 'status', 'answers', 'submitted_at', 'stage_since'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
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

const applicationColumns = [
  'id',
  'reference_number',
  'application_type',
  'status',
  'answers',
  'phone',
  'id_number',
  'language',
  'created_at',
  'updated_at',
  'submitted_at',
  'assigned_account_id',
] as const;

/** The application as staff see it (get_application, add_invoice, add_notification). */
export async function findApplication(db: Db, reference: string) {
  return db
    .selectFrom('application')
    .select(applicationColumns)
    .where('reference_number', '=', reference)
    .executeTakeFirst();
}

/** Who pays an invoice: the applicant's answers (their name) and phone. */
export async function payerOf(trx: Transaction<Database>, applicationId: number) {
  return trx
    .selectFrom('application')
    .select(['answers', 'phone'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

export async function applicationIdOf(db: Db, reference: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('application')
    .select('id')
    .where('reference_number', '=', reference)
    .executeTakeFirst();
  return row?.id;
}

/** The application's phone and language, by reference number: where its lock is told. */
export async function applicationPhone(db: Db, referenceNumber: string) {
  return db
    .selectFrom('application')
    .select(['phone', 'language'])
    .where('reference_number', '=', referenceNumber)
    .executeTakeFirst();
}

/** The application with this id and reference number (both must agree), if any. */
export async function findApplicationByIdAndReference(
  db: Kysely<Database>,
  id: number,
  reference: string,
): Promise<OwnedDraftRow | undefined> {
  return db
    .selectFrom('application')
    .select(['id', 'reference_number', 'application_type', 'status', 'answers'])
    .where('id', '=', id)
    .where('reference_number', '=', reference)
    .executeTakeFirst();
}

/** Who a notice goes to: the application's reference number, phone on file and last language. */
export async function recipientOf(db: Kysely<Database>, applicationId: number) {
  return db
    .selectFrom('application')
    .select(['reference_number', 'phone', 'language'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

/** An application to sign in to, by reference number. */
export async function findForSignIn(db: Db, referenceNumber: string) {
  return db
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'phone'])
    .where('reference_number', '=', referenceNumber)
    .executeTakeFirst();
}

/** Another application to switch to, by reference number, with the ID number and phone it was made with. */
export async function findOtherForSignIn(db: Db, referenceNumber: string) {
  return db
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'phone', 'id_number'])
    .where('reference_number', '=', referenceNumber)
    .executeTakeFirst();
}

/** The language the applicant signed in with: the back office's notifications and SMS use it. */
export async function setApplicationLanguage(db: Db, applicationId: number, language: string): Promise<void> {
  await db.updateTable('application').set({ language }).where('id', '=', applicationId).execute();
}

/** What the signed-in "user" is made of. */
export async function signedInApplication(db: Db, applicationId: number) {
  return db
    .selectFrom('application')
    .select(['reference_number', 'application_type', 'status', 'step_number', 'answers', 'phone', 'submitted_at'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

export async function answersOf(db: Db, applicationId: number): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('application')
    .select('answers')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return row.answers;
}

export interface OwnedDraftRow {
  id: number;
  reference_number: string;
  application_type: string;
  status: string;
  answers: Record<string, unknown>;
}

/** How many drafts are in flight (saved, not submitted), and the newest `limit` of them. */
export async function draftsInFlight(
  db: Kysely<Database>,
  limit: number,
): Promise<{ count: number; drafts: { type: string; answers: object }[] }> {
  const counted = await db
    .selectFrom('application')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('status', '=', 'draft')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('application')
    .select(['application_type', 'answers'])
    .where('status', '=', 'draft')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return { count: counted.count, drafts: rows.map((r) => ({ type: r.application_type, answers: r.answers })) };
}

/** What a fee estimate reads of an application: its type, its saved answers and the forms version they follow. */
export async function estimateInputs(db: Kysely<Database>, applicationId: number) {
  return db
    .selectFrom('application')
    .select(['application_type', 'answers', 'forms_version'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
}
