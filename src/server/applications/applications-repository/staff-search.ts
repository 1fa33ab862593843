// The back office's search and lists (a read joins the permit's end date: the shown status).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

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

/** Returned with its open round of changes past its deadline (the applicant's clock, not the unit's). */
const changesOverdue = (today: string) => sql<boolean>`exists (
  select 1 from change_round r
  where r.application_id = application.id and r.status = 'open' and r.due_date < ${today})`;

export interface ApplicationFilter {
  /** A shown status ('expired' included); drafts are left out unless this is 'draft'. */
  status?: string;
  application_type?: string;
  /** The whole stored reference number, or its beginning. */
  reference?: { exact: string } | { prefix: string };
  /** Words to find in the applicant's first, middle and last name, case-insensitively. */
  name?: string;
  /**
   * The officers' search box: a reference number's beginning, part of the name, the phone's 9 national
   * digits or the ID number as stored (each given when the text can be one).
   */
  search?: { text: string; referencePrefix?: string; phoneDigits?: string; idNumber?: string };
  /**
   * Only those over their stage's service standard: by stage, the earliest day of arrival still within
   * it (src/shared/service-standards.ts); and those returned whose changes are overdue.
   */
  overdue?: Record<string, string>;
  /** Only those assigned to this staff account ("My work"). */
  assignedTo?: number;
  today: string;
  /** The id of the applicant step, whose answers hold the names (src/shared/step-modules.ts). */
  applicantStep: string;
}

/** The first moment of a calendar day in Zanzibar (UTC+3, as todayIso). */
const zanzibarMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);

/**
 * Over its stage's standard: arrived before the start of its stage's earliest day within it (each
 * stage's by the index on status and stage_since); or returned, its changes overdue.
 */
function overSql(filter: ApplicationFilter, within: Record<string, string>) {
  const either = Object.entries(within).map(
    ([status, day]) =>
      sql<boolean>`(application.status = ${status} and application.stage_since < ${zanzibarMidnight(day)})`,
  );
  either.push(sql<boolean>`(application.status = 'returned' and ${changesOverdue(filter.today)})`);
  return sql<boolean>`(${sql.join(either, sql` or `)})`;
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
  if (filter.name !== undefined) query = query.where(nameMatches(filter, filter.name));
  if (filter.search !== undefined) {
    const { text, referencePrefix, phoneDigits, idNumber } = filter.search;
    const either = [nameMatches(filter, text)];
    if (referencePrefix)
      either.push(sql<boolean>`application.reference_number like ${`${escapeLike(referencePrefix)}%`}`);
    if (phoneDigits)
      either.push(sql<boolean>`right(regexp_replace(application.phone, '[^0-9]', '', 'g'), 9) = ${phoneDigits}`);
    if (idNumber) either.push(sql<boolean>`application.id_number = ${idNumber}`);
    query = query.where(sql<boolean>`(${sql.join(either, sql` or `)})`);
  }
  if (filter.overdue !== undefined) query = query.where(overSql(filter, filter.overdue));
  if (filter.assignedTo !== undefined) query = query.where('application.assigned_account_id', '=', filter.assignedTo);
  return query;
}

/** Part of the applicant's first, middle and last name, case-insensitively. */
function nameMatches(filter: ApplicationFilter, name: string) {
  const pattern = `%${escapeLike(name)}%`;
  const text = (field: string) => applicantText(filter.applicantStep, field);
  const [first, middle, last] = [text('first_name'), text('middle_name'), text('last_name')];
  return sql<boolean>`(concat_ws(' ', ${first}, ${last}) ilike ${pattern}
    or concat_ws(' ', ${first}, ${middle}, ${last}) ilike ${pattern})`;
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
      'application.assigned_account_id',
      shownStatusSql(filter.today).as('shown_status'),
      sql<Record<string, unknown> | null>`application.answers->${filter.applicantStep}`.as('personal'),
      'application.stage_since',
      changesOverdue(filter.today).as('changes_overdue'),
    ])
    .orderBy('application.updated_at', 'desc')
    .orderBy('application.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
