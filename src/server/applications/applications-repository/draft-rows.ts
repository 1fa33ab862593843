// An application's draft as a save reads and writes it (./draft-writer.ts's compare-and-set).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

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

const draftByReference = (db: Kysely<Database>, referenceNumber: string) =>
  db.selectFrom('application').select(columns).where('reference_number', '=', referenceNumber);

/** The application as it is now, without a lock: a save writes with `updateIfUnchanged`. */
export async function findByReference(
  db: Kysely<Database>,
  referenceNumber: string,
): Promise<ApplicationRecord | undefined> {
  return draftByReference(db, referenceNumber).executeTakeFirst();
}

/** The application, locked for the rest of the transaction so two saves of one draft cannot interleave. */
export async function findForUpdate(
  trx: Transaction<Database>,
  referenceNumber: string,
): Promise<ApplicationRecord | undefined> {
  return draftByReference(trx, referenceNumber).forUpdate().executeTakeFirst();
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
      ...(changes.submitted ? submittedNow() : {}),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** Submitted now: it reaches its first stage (the officers' queue counts from here). */
function submittedNow() {
  const now = new Date();
  return { submitted_at: now, stage_since: now };
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
    ...(changes.submitted ? submittedNow() : {}),
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

/** The answers of one step written back (the applicant's answer to a step request). */
export async function writeStepAnswers(trx: Transaction<Database>, applicationId: number, answers: object) {
  await trx
    .updateTable('application')
    .set({ answers: JSON.stringify(answers), updated_at: new Date(), revision: sql`revision + 1` })
    .where('id', '=', applicationId)
    .execute();
}
