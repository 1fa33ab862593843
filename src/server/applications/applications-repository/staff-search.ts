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
