// Applications found by an ID number or reference number and a phone: Find my reference number, status by SMS.
import { sql, type Kysely } from 'kysely';
import { MAX_FOUND_APPLICATIONS, type FoundApplication } from '../../../shared/api/find-reference';
import type { Database } from '../../db/schema';
import { formatReferenceNumber } from '../reference-number';

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
