import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { byColumns, type StaffActor } from '../staff-accounts/staff-actor';

/**
 * The back office's own SQL: its search and lists, an application as staff see it, and the history's
 * lines every staff action writes (the invoices', permits', documents' and messages' SQL is in their
 * modules' repositories). Input never becomes SQL text: values are parameters.
 */

type Db = Kysely<Database> | Transaction<Database>;

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

export async function findApplication(db: Db, reference: string) {
  return db
    .selectFrom('application')
    .select(applicationColumns)
    .where('reference_number', '=', reference)
    .executeTakeFirst();
}

/** The application, locked until the transaction ends: two staff changes of one application cannot interleave. */
export async function lockApplication(trx: Transaction<Database>, reference: string) {
  return trx
    .selectFrom('application')
    .select(['id', 'reference_number', 'status'])
    .where('reference_number', '=', reference)
    .forUpdate()
    .executeTakeFirst();
}

export async function lockApplicationById(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('application')
    .select(['id', 'reference_number', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Who made a change and with which call: every back-office line of the history says so. */
export interface EventBy {
  actor: StaffActor;
  action: string;
  details?: Record<string, unknown>;
}

/** A new status and its line in the history, with who moved it. */
export async function moveStatus(
  trx: Transaction<Database>,
  applicationId: number,
  status: string,
  remark: string | null,
  by: EventBy,
) {
  await trx
    .updateTable('application')
    .set({ status, updated_at: new Date() })
    .where('id', '=', applicationId)
    .execute();
  await insertEvent(trx, applicationId, { status, remark, statusChanged: true }, by);
}

/**
 * A line of the history for a staff action that moves no status (an invoice, a payment, a document
 * review, a notification, an answer): staff see it with who made it; the applicant's history does not
 * list it (they are told of it otherwise).
 */
export async function recordAction(db: Db, applicationId: number, remark: string | null, by: EventBy) {
  const row = await db.selectFrom('application').select('status').where('id', '=', applicationId).executeTakeFirst();
  await insertEvent(db, applicationId, { status: row?.status ?? '', remark, statusChanged: false }, by);
}

async function insertEvent(
  db: Db,
  applicationId: number,
  line: { status: string; remark: string | null; statusChanged: boolean },
  by: EventBy,
) {
  await db
    .insertInto('application_event')
    .values({
      application_id: applicationId,
      status: line.status,
      remark: line.remark,
      status_changed: line.statusChanged,
      action: by.action,
      details: JSON.stringify(by.details ?? {}),
      ...byColumns(by.actor),
    })
    .execute();
}

export async function touchApplication(trx: Transaction<Database>, applicationId: number) {
  await trx.updateTable('application').set({ updated_at: new Date() }).where('id', '=', applicationId).execute();
}

export async function history(db: Db, applicationId: number) {
  return db
    .selectFrom('application_event')
    .select([
      'status',
      'remark',
      'created_at',
      'action',
      'status_changed',
      'details',
      'by_kind',
      'by_account_id',
      'by_name',
    ])
    .where('application_id', '=', applicationId)
    .orderBy('id', 'desc')
    .execute();
}

/** Who pays an invoice: the applicant's answers (their name) and phone. */
export async function payerOf(trx: Transaction<Database>, applicationId: number) {
  return trx
    .selectFrom('application')
    .select(['answers', 'phone'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

export async function findRenewals(db: Db, applicationId: number | undefined, limit: number, offset: number) {
  let query = db
    .selectFrom('renewal_request')
    .innerJoin('application', 'application.id', 'renewal_request.application_id')
    .innerJoin('permit', 'permit.id', 'renewal_request.permit_id');
  if (applicationId !== undefined) query = query.where('renewal_request.application_id', '=', applicationId);
  const [rows, count] = await Promise.all([
    query
      .select([
        'renewal_request.id',
        'application.reference_number',
        'permit.permit_number',
        'renewal_request.type_of_work',
        'renewal_request.reason',
        'renewal_request.created_at',
      ])
      .orderBy('renewal_request.created_at', 'desc')
      .orderBy('renewal_request.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function applicationIdOf(db: Db, reference: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('application')
    .select('id')
    .where('reference_number', '=', reference)
    .executeTakeFirst();
  return row?.id;
}
