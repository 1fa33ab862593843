import { sql, type Kysely } from 'kysely';
import { MAX_FOUND_APPLICATIONS, type FoundApplication } from '../../shared/api/find-reference';
import { formatReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';

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

/** The codes asked for this ID number (whatever phone) in the last hour. */
export async function findCodesThisHour(db: Kysely<Database>, purpose: string, idNumber: string): Promise<number> {
  const { asked } = await db
    .selectFrom('one_time_code')
    .select(sql<number>`count(*)::int`.as('asked'))
    .where('purpose', '=', purpose)
    // The ID number is [A-Z0-9] only (normalizeIdNumber): nothing in it is special to LIKE.
    .where('subject', 'like', `${idNumber}|%`)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return asked;
}

/** The purpose of a challenge, before its code is checked (a code of another purpose is not spent here). */
export async function purposeOfChallenge(db: Kysely<Database>, challengeId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('one_time_code')
    .select('purpose')
    .where('challenge_id', '=', challengeId)
    .executeTakeFirst();
  return row?.purpose;
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
