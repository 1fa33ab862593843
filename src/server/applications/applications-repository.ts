import { sql, type Kysely, type Transaction } from 'kysely';
import { MAX_FOUND_APPLICATIONS, type FoundApplication } from '../../shared/api/find-reference';
import type { Database } from '../db/schema';
import { formatReferenceNumber } from './reference-number';

type Db = Kysely<Database> | Transaction<Database>;

export interface ApplicationRecord {
  id: number;
  reference_number: string;
  application_type: string;
  status: string;
  step_number: number;
  answers: Record<string, unknown>;
  /** Raised by every write of the answers (compare-and-set of saves). */
  revision: number;
  /** The forms version the answers were last saved under (null: saved before versions existed). */
  forms_version: number | null;
  /** Save & Complete Later: what was typed on steps not valid yet, by step id (never finished steps). */
  unfinished: Record<string, unknown>;
}

export interface ApplicationChanges {
  status: string;
  step_number: number;
  answers: Record<string, unknown>;
  phone: string | null;
  id_number: string | null;
  submitted?: boolean;
  /** The language the applicant used: the back office's notifications and SMS use it. */
  language?: string;
  /** The forms version the answers are saved under: every write of the answers names it. */
  forms_version: number;
  /** The unfinished steps' answers, when they change (absent: as they are). */
  unfinished?: Record<string, unknown>;
}

const columns = [
  'id',
  'reference_number',
  'application_type',
  'status',
  'step_number',
  'answers',
  'revision',
  'forms_version',
  'unfinished',
] as const;

/** The application as it is now, without a lock: a save writes with `updateIfUnchanged`. */
export async function findByReference(
  db: Kysely<Database>,
  referenceNumber: string,
): Promise<ApplicationRecord | undefined> {
  return db
    .selectFrom('application')
    .select(columns)
    .where('reference_number', '=', referenceNumber)
    .executeTakeFirst();
}

/** The application, locked for the rest of the transaction so two saves of one draft cannot interleave. */
export async function findForUpdate(
  trx: Transaction<Database>,
  referenceNumber: string,
): Promise<ApplicationRecord | undefined> {
  return trx
    .selectFrom('application')
    .select(columns)
    .where('reference_number', '=', referenceNumber)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertApplication(
  db: Kysely<Database>,
  referenceNumber: string,
  type: string,
  changes: ApplicationChanges,
): Promise<ApplicationRecord> {
  return db
    .insertInto('application')
    .values({
      reference_number: referenceNumber,
      application_type: type,
      status: changes.status,
      step_number: changes.step_number,
      answers: JSON.stringify(changes.answers),
      phone: changes.phone,
      id_number: changes.id_number,
      forms_version: changes.forms_version,
      ...(changes.unfinished ? { unfinished: JSON.stringify(changes.unfinished) } : {}),
      ...(changes.language ? { language: changes.language } : {}),
      ...(changes.submitted ? { submitted_at: new Date() } : {}),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

const changedColumns = (changes: ApplicationChanges) =>
  ({
    status: changes.status,
    step_number: changes.step_number,
    answers: JSON.stringify(changes.answers),
    phone: changes.phone,
    id_number: changes.id_number,
    forms_version: changes.forms_version,
    updated_at: new Date(),
    revision: sql<number>`revision + 1`,
    ...(changes.unfinished ? { unfinished: JSON.stringify(changes.unfinished) } : {}),
    ...(changes.language ? { language: changes.language } : {}),
    ...(changes.submitted ? { submitted_at: new Date() } : {}),
  }) as const;

/** Writes a locked application (a transaction holding it with `findForUpdate`). */
export async function updateApplication(db: Kysely<Database>, id: number, changes: ApplicationChanges): Promise<void> {
  await db.updateTable('application').set(changedColumns(changes)).where('id', '=', id).execute();
}

/**
 * Writes the draft only if it is still the draft that was read (same revision, still a draft): false
 * when another write came in between, and the save must start again from what is there now.
 */
export async function updateIfUnchanged(
  db: Kysely<Database>,
  read: ApplicationRecord,
  changes: ApplicationChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('application')
    .set(changedColumns(changes))
    .where('id', '=', read.id)
    .where('revision', '=', read.revision)
    .where('status', '=', read.status)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A new status, its line in the history aside (./status-move.ts writes both, and only it). */
export async function writeStatus(db: Db, applicationId: number, status: string, at: Date): Promise<void> {
  await db.updateTable('application').set({ status, updated_at: at }).where('id', '=', applicationId).execute();
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

/** The application as the requests for changes read it (its forms version names its steps). */
export async function findApplicationByReference(db: Db, reference: string) {
  return db
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'application_type', 'answers', 'forms_version', 'language'])
    .where('reference_number', '=', reference)
    .executeTakeFirst();
}

export async function findApplicationById(db: Db, id: number) {
  return db
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'application_type', 'answers', 'forms_version', 'language'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The answers of one step written back (the applicant's answer to a step request). */
export async function writeStepAnswers(trx: Transaction<Database>, applicationId: number, answers: object) {
  await trx
    .updateTable('application')
    .set({ answers: JSON.stringify(answers), updated_at: new Date(), revision: sql`revision + 1` })
    .where('id', '=', applicationId)
    .execute();
}

/** The application as the dashboard shows it. */
export async function findDashboardApplication(db: Db, applicationId: number) {
  return db
    .selectFrom('application')
    .select(['reference_number', 'application_type', 'status', 'answers', 'submitted_at'])
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

// The back office's search and lists (a read joins the permit's end date: the shown status).

/** The end date of the application's latest permit (a renewal issues a newer one). */
const latestPermitUntil = sql<string | null>`(
  select p.valid_until from permit p
  where p.application_id = application.id
  order by p.created_at desc, p.valid_until desc
  limit 1)`;

/** The status as people see it: an issued or renewed permit past its end date shows as expired (see shownStatus). */
const shownStatusSql = (today: string) =>
  sql<string>`case when application.status in ('permit_issued', 'renewed') and ${latestPermitUntil} < ${today}
    then 'expired' else application.status end`;

/** A text answer of the applicant step (`step`: its id in the forms served, see src/shared/step-modules.ts). */
const applicantText = (step: string, field: string) => sql<string | null>`application.answers->${step}->>${field}`;

export interface ApplicationFilter {
  /** A shown status ('expired' included); drafts are left out unless this is 'draft'. */
  status?: string;
  application_type?: string;
  /** The whole stored reference number, or its beginning. */
  reference?: { exact: string } | { prefix: string };
  /** Words to find in the applicant's first, middle and last name, case-insensitively. */
  name?: string;
  today: string;
  /** The id of the applicant step, whose answers hold the names (src/shared/step-modules.ts). */
  applicantStep: string;
}

/** LIKE's own characters in a search text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Db, filter: ApplicationFilter) {
  let query = db.selectFrom('application');
  const shown = shownStatusSql(filter.today);
  if (filter.status !== undefined) query = query.where(sql<boolean>`${shown} = ${filter.status}`);
  if (filter.status !== 'draft') query = query.where('application.status', '!=', 'draft');
  if (filter.application_type !== undefined)
    query = query.where('application.application_type', '=', filter.application_type);
  if (filter.reference && 'exact' in filter.reference)
    query = query.where('application.reference_number', '=', filter.reference.exact);
  if (filter.reference && 'prefix' in filter.reference)
    query = query.where('application.reference_number', 'like', `${escapeLike(filter.reference.prefix)}%`);
  if (filter.name !== undefined) {
    const pattern = `%${escapeLike(filter.name)}%`;
    const text = (field: string) => applicantText(filter.applicantStep, field);
    const [first, middle, last] = [text('first_name'), text('middle_name'), text('last_name')];
    query = query.where(
      sql<boolean>`(concat_ws(' ', ${first}, ${last}) ilike ${pattern}
        or concat_ws(' ', ${first}, ${middle}, ${last}) ilike ${pattern})`,
    );
  }
  return query;
}

export async function countApplications(db: Db, filter: ApplicationFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findApplications(db: Db, filter: ApplicationFilter, limit: number, offset: number) {
  return filtered(db, filter)
    .select([
      'application.reference_number',
      'application.application_type',
      'application.submitted_at',
      'application.updated_at',
      shownStatusSql(filter.today).as('shown_status'),
      sql<Record<string, unknown> | null>`application.answers->${filter.applicantStep}`.as('personal'),
    ])
    .orderBy('application.updated_at', 'desc')
    .orderBy('application.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
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

/** The application's status, for an upload from the dashboard. */
export async function applicationStatus(db: Kysely<Database>, applicationId: number) {
  return db.selectFrom('application').select('status').where('id', '=', applicationId).executeTakeFirst();
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

// Find my reference number: the applications of an ID number and phone.

/** Applications with this ID number (as stored) whose saved phone has these 9 national digits. */
function withIdAndPhone(db: Kysely<Database>, idNumber: string, phoneDigits: string) {
  return (
    db
      .selectFrom('application')
      // The index (id_number, phone) finds the ID number's few rows; the phone is compared by its digits.
      .where('id_number', '=', idNumber)
      .where(sql<string>`right(regexp_replace(phone, '[^0-9]', '', 'g'), 9)`, '=', phoneDigits)
  );
}

/** The phone saved in the latest such application, as saved: where the code goes. */
export async function phoneOnFile(
  db: Kysely<Database>,
  idNumber: string,
  phoneDigits: string,
): Promise<string | undefined> {
  const row = await withIdAndPhone(db, idNumber, phoneDigits)
    .select('phone')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.phone ?? undefined;
}

/** The applications found, the latest first, at most MAX_FOUND_APPLICATIONS. */
export async function applicationsOf(
  db: Kysely<Database>,
  idNumber: string,
  phoneDigits: string,
): Promise<FoundApplication[]> {
  const rows = await withIdAndPhone(db, idNumber, phoneDigits)
    .select(['reference_number', 'application_type', 'status', 'submitted_at', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_FOUND_APPLICATIONS)
    .execute();
  return rows.map((row) => ({
    reference_number: formatReferenceNumber(row.reference_number),
    application_type: row.application_type,
    status: row.status,
    date: (row.submitted_at ?? row.updated_at).toISOString(),
  }));
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

/** An application an inbound SMS asks the status of (src/server/inbound-sms). */
export interface StatusTarget {
  id: number;
  reference_number: string;
  status: string;
  /** As saved: where the answer goes. */
  phone: string;
  language: string;
  /** The latest permit's end, for the status shown (an issued permit past its end reads "expired"). */
  permit_valid_until: string | null;
}

/**
 * The application with this reference number (as stored) whose saved phone has these 9 national
 * digits; undefined for an unknown number and for any other phone alike.
 */
export async function applicationForPhone(
  trx: Kysely<Database>,
  reference: string,
  phoneDigits: string,
): Promise<StatusTarget | undefined> {
  const row = await trx
    .selectFrom('application')
    .select(['id', 'reference_number', 'status', 'phone', 'language'])
    .select(
      sql<string | null>`(select max(p.valid_until) from permit p where p.application_id = application.id)`.as(
        'permit_valid_until',
      ),
    )
    .where('reference_number', '=', reference)
    .where(sql<string>`right(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), 9)`, '=', phoneDigits)
    .executeTakeFirst();
  if (!row?.phone) return undefined;
  return { ...row, phone: row.phone, permit_valid_until: row.permit_valid_until ?? null };
}

/** The status of the application an invoice is of (a withdrawn one takes no more money). */
export async function applicationStatusOf(db: Db, applicationId: number): Promise<string> {
  const row = await db
    .selectFrom('application')
    .select('status')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return row.status;
}
