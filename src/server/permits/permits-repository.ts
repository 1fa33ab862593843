import { sql, type Kysely, type Transaction } from 'kysely';
import type { Plot } from '../../shared/api/permits';
import type { Database } from '../db/schema';
import { byColumns, type StaffActor } from '../staff-accounts/staff-actor';

/** Every line of the permit document's SQL (issue 19, item 4). Input never becomes SQL text: values are parameters. */

type Db = Kysely<Database> | Transaction<Database>;

const PERMIT_COLUMNS = [
  'permit.id',
  'permit.application_id',
  'permit.permit_number',
  'permit.valid_from',
  'permit.valid_until',
  'permit.created_at',
  'permit.owner_name',
  'permit.plot',
  'permit.approved_use',
  'permit.storeys',
  'permit.conditions',
  'permit.revoked_at',
  'permit.revoke_reason',
] as const;

export type PermitRow = Awaited<ReturnType<typeof findPermit>> & {};

/** A permit by its number, with its application's answers (a permit issued before its facts were written reads them). */
export async function findPermit(db: Db, permitNumber: string) {
  return db
    .selectFrom('permit')
    .innerJoin('application', 'application.id', 'permit.application_id')
    .select([...PERMIT_COLUMNS, 'application.answers', 'application.reference_number'])
    .where('permit.permit_number', '=', permitNumber)
    .executeTakeFirst();
}

/** The permit of one application only: another application's number finds nothing. */
export async function findPermitOf(db: Db, applicationId: number, permitNumber: string) {
  return db
    .selectFrom('permit')
    .innerJoin('application', 'application.id', 'permit.application_id')
    .select([...PERMIT_COLUMNS, 'application.answers', 'application.reference_number'])
    .where('permit.permit_number', '=', permitNumber)
    .where('permit.application_id', '=', applicationId)
    .executeTakeFirst();
}

/** The permit issued after this one for the same application (its renewal), if any: the earliest such. */
export async function successorOf(db: Db, permit: { id: string; application_id: number; created_at: Date }) {
  return db
    .selectFrom('permit')
    .select(['permit_number'])
    .where('application_id', '=', permit.application_id)
    .where('id', '!=', permit.id)
    .where('created_at', '>', permit.created_at)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

export async function lockPermit(trx: Transaction<Database>, permitNumber: string) {
  return trx
    .selectFrom('permit')
    .select(['id', 'application_id', 'permit_number', 'revoked_at'])
    .where('permit_number', '=', permitNumber)
    .forUpdate()
    .executeTakeFirst();
}

export async function markRevoked(trx: Transaction<Database>, permitId: string, reason: string, actor: StaffActor) {
  const by = byColumns(actor);
  return trx
    .updateTable('permit')
    .set({
      revoked_at: new Date(),
      revoke_reason: reason,
      revoked_by_kind: by.by_kind,
      revoked_by_account_id: by.by_account_id,
      revoked_by_name: by.by_name,
    })
    .where('id', '=', permitId)
    .returning(['revoked_at'])
    .executeTakeFirstOrThrow();
}

/** The facts the document prints, written with the permit as it is issued. */
export interface PermitDocumentColumns {
  owner_name: string;
  plot: Plot;
  approved_use: string | null;
  storeys: number | null;
  conditions: string[];
}

export async function writeDocumentFacts(trx: Transaction<Database>, permitId: string, facts: PermitDocumentColumns) {
  await trx
    .updateTable('permit')
    .set({
      owner_name: facts.owner_name,
      plot: JSON.stringify(facts.plot),
      approved_use: facts.approved_use,
      storeys: facts.storeys,
      conditions: JSON.stringify(facts.conditions),
    })
    .where('id', '=', permitId)
    .execute();
}

/** An application's permits, the latest first (a renewal issues a newer one). */
export async function permitsOf(db: Db, applicationId: number) {
  return db
    .selectFrom('permit')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .orderBy('valid_until', 'desc')
    .execute();
}
export async function permitNumberTaken(db: Db, permitNumber: string): Promise<boolean> {
  const row = await db.selectFrom('permit').select('id').where('permit_number', '=', permitNumber).executeTakeFirst();
  return row !== undefined;
}
export async function insertPermit(
  trx: Transaction<Database>,
  permit: { id: string; application_id: number; permit_number: string; valid_from: string; valid_until: string },
) {
  return trx.insertInto('permit').values(permit).returningAll().executeTakeFirstOrThrow();
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

/** One of the application's own permits by its number. */
export async function findOwnPermit(db: Db, applicationId: number, permitNumber: string) {
  return db
    .selectFrom('permit')
    .select(['id', 'permit_number', 'revoked_at'])
    .where('application_id', '=', applicationId)
    .where('permit_number', '=', permitNumber)
    .executeTakeFirst();
}

/** A permit to remind of (the reminders' job): its application's saved phone, in the language the applicant last used. */
export interface ExpiringPermit {
  application_id: number;
  reference_number: string;
  phone: string;
  language: string;
  permit_id: string;
  permit_number: string;
  valid_until: string;
}

/**
 * Permits whose last valid day is from `today` to `until` (calendar dates), not yet reminded of (no
 * reminder_sent row for the permit at this end date), that no later permit of the same application
 * replaced (renewed) and whose renewal is not already asked.
 */
export async function expiringPermits(
  db: Kysely<Database>,
  today: string,
  until: string,
  limit: number,
): Promise<ExpiringPermit[]> {
  const rows = await db
    .selectFrom('permit as p')
    .innerJoin('application as a', 'a.id', 'p.application_id')
    .select([
      'a.id as application_id',
      'a.reference_number',
      'a.phone',
      'a.language',
      'p.id as permit_id',
      'p.permit_number',
      'p.valid_until',
    ])
    .where('p.valid_until', '>=', today)
    .where('p.valid_until', '<=', until)
    .where('a.phone', 'is not', null)
    .where('a.status', 'not in', ['renewal_requested', 'withdrawn'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('permit as later')
            .select('later.id')
            .whereRef('later.application_id', '=', 'p.application_id')
            .whereRef('later.valid_until', '>', 'p.valid_until'),
        ),
      ),
    )
    .where(
      sql<boolean>`not exists (select 1 from reminder_sent r where r.kind = ${'permit_expiry'} and r.subject = ${sql`p.id || ':' || p.valid_until`})`,
    )
    .orderBy('p.valid_until')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, phone: row.phone! }));
}
