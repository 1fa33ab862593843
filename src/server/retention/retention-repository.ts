import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { DEFAULT_DRAFT_KEY_LIMITS } from '../drafts/draft-owners';
import type { RetentionPolicy } from './retention-policy';

/**
 * Rows that are dead once a moment of theirs is past: deleted `keep` days after it. One line per
 * kind; a new table of that sort is one more line here and one number in retention-policy.ts.
 */
export interface ExpiredRows {
  table: keyof Database;
  /** The moment from which the row is no longer used. */
  after: RawBuilder<Date>;
  /** Only rows that also match this (e.g. delivered SMS only). */
  only?: RawBuilder<boolean>;
  keepDays: (policy: RetentionPolicy) => number;
}

export const EXPIRED_ROWS: readonly ExpiredRows[] = [
  { table: 'applicant_session', after: sql`coalesce(ended_at, expires_at)`, keepDays: (p) => p.endedSessionDays },
  { table: 'staff_session', after: sql`coalesce(ended_at, expires_at)`, keepDays: (p) => p.endedSessionDays },
  // A staff sign-in whose password was right: used, or expired waiting for its second factor.
  { table: 'staff_sign_in', after: sql`coalesce(used_at, expires_at)`, keepDays: (p) => p.usedCodeDays },
  // A staff login's count of wrong passwords or codes, any login typed (known or not), once it counts
  // nothing any more: its window over and its last lock long past (code-lockout.ts forgets locks too).
  {
    table: 'code_lockout',
    after: sql`greatest(window_started_at + interval '24 hours', coalesce(locked_until, window_started_at))`,
    only: sql`left(subject_key, 6) = 'staff_'`,
    keepDays: (p) => p.staffSignInCountDays,
  },
  { table: 'one_time_code', after: sql`coalesce(used_at, expires_at)`, keepDays: (p) => p.usedCodeDays },
  { table: 'captcha_spent', after: sql`expires_at`, keepDays: (p) => p.expiredCaptchaDays },
  // A confirmation a draft's engineer step carries stays as long as its draft (deleted with it).
  {
    table: 'engineer_confirmation',
    after: sql`expires_at`,
    only: sql`used_at is null`,
    keepDays: (p) => p.expiredEngineerConfirmationDays,
  },
  // A draft key proves nothing once idle or past its end (draft-owners.ts).
  {
    table: 'draft_key',
    after: sql`least(expires_at, last_used_at + make_interval(secs => ${DEFAULT_DRAFT_KEY_LIMITS.idleMs / 1000}))`,
    keepDays: (p) => p.expiredDraftKeyDays,
  },
  // Queued SMS are never swept: they wait for the gateway.
  { table: 'sms_message', after: sql`sent_at`, only: sql`status = 'sent'`, keepDays: (p) => p.sentSmsDays },
  { table: 'sms_outbox', after: sql`created_at`, keepDays: (p) => p.outboxDays },
  { table: 'inbound_sms', after: sql`received_at`, keepDays: (p) => p.inboundSmsDays },
  { table: 'upload_tally', after: sql`updated_at`, keepDays: (p) => p.uploadTallyDays },
];

/**
 * The tables whose rows belong to an application, deleted with an abandoned draft, children before
 * parents (renewal_request names a permit). A new table that references application gets its line.
 */
const APPLICATION_CHILDREN: readonly (keyof Database)[] = [
  'reminder_sent',
  'change_round',
  'attachment',
  'applicant_session',
  'application_event',
  'staff_view',
  'notification',
  'applicant_message',
  'invoice',
  'renewal_request',
  'permit',
];

/** Deletes the kind's rows whose moment is before `cutoff`; answers how many. */
export async function deleteExpiredRows(db: Kysely<Database>, kind: ExpiredRows, cutoff: Date): Promise<number> {
  const result = await sql`delete from ${sql.table(kind.table)} where ${kind.after} < ${cutoff}${
    kind.only ? sql` and ${kind.only}` : sql``
  }`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Drafts untouched since `cutoff`, at most `limit`, locked (those another transaction holds are skipped). */
export async function lockAbandonedDrafts(trx: Transaction<Database>, cutoff: Date, limit: number): Promise<number[]> {
  const drafts = await trx
    .selectFrom('application')
    .select('id')
    .where('status', '=', 'draft')
    .where('updated_at', '<', cutoff)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return drafts.map((draft) => draft.id);
}

/** The ids of the applications' attachments (their stored files' names). */
export async function attachmentIdsOf(trx: Transaction<Database>, applicationIds: number[]): Promise<string[]> {
  const attachments = await trx
    .selectFrom('attachment')
    .select('id')
    .where('application_id', 'in', applicationIds)
    .execute();
  return attachments.map((attachment) => attachment.id);
}

/** Deletes the applications with every row of theirs. */
export async function deleteApplications(trx: Transaction<Database>, applicationIds: number[]): Promise<void> {
  for (const table of APPLICATION_CHILDREN) {
    await sql`delete from ${sql.table(table)} where application_id in (${sql.join(applicationIds)})`.execute(trx);
  }
  await trx.deleteFrom('application').where('id', 'in', applicationIds).execute();
}

/** Whether an attachment has this id (a stored file's name). */
export async function attachmentExists(db: Kysely<Database>, attachmentId: string): Promise<boolean> {
  const named = await db.selectFrom('attachment').select('id').where('id', '=', attachmentId).executeTakeFirst();
  return named !== undefined;
}
