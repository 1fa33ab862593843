import { promises as fs } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { DEFAULT_DRAFT_KEY_LIMITS } from '../drafts/draft-owners';
import { RETENTION, type RetentionPolicy } from './retention-policy';

/** The job queue of the daily sweep. */
export const SWEEP_QUEUE = 'sweep';

/**
 * Rows that are dead once a moment of theirs is past: deleted `keep` days after it. One line per
 * kind; a new table of that sort is one more line here and one number in retention-policy.ts.
 */
interface ExpiredRows {
  table: keyof Database;
  /** The moment from which the row is no longer used. */
  after: RawBuilder<Date>;
  /** Only rows that also match this (e.g. delivered SMS only). */
  only?: RawBuilder<boolean>;
  keepDays: (policy: RetentionPolicy) => number;
}

const EXPIRED_ROWS: readonly ExpiredRows[] = [
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
  'notification',
  'applicant_message',
  'invoice',
  'renewal_request',
  'permit',
];

/** Drafts deleted per transaction: a long sweep does not hold PGlite's only connection for long. */
const DRAFT_BATCH = 100;
const STORED_FILE = /^[0-9a-f-]{36}$/;
const PARTIAL_FILE = /^\.partial-[0-9a-f-]{36}$/;

export type SweepCounts = Record<string, number>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes what the retention policy no longer keeps; answers how many of each were deleted. */
export class Sweeper {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploadDir: string,
    private readonly policy: RetentionPolicy = RETENTION,
  ) {}

  async run(now = new Date()): Promise<SweepCounts> {
    const counts: SweepCounts = {};
    counts.abandoned_drafts = await this.abandonedDrafts(now);
    for (const kind of EXPIRED_ROWS) counts[kind.table] = await this.expiredRows(kind, now);
    counts.orphan_files = await this.orphanFiles(now);
    return counts;
  }

  private async expiredRows(kind: ExpiredRows, now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - kind.keepDays(this.policy) * DAY_MS);
    const result = await sql`delete from ${sql.table(kind.table)} where ${kind.after} < ${cutoff}${
      kind.only ? sql` and ${kind.only}` : sql``
    }`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Drafts untouched for the policy's days, with everything of theirs; their files once committed. */
  private async abandonedDrafts(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.policy.abandonedDraftDays * DAY_MS);
    let deleted = 0;
    for (;;) {
      const files = await this.db.transaction().execute(async (trx) => {
        const drafts = await trx
          .selectFrom('application')
          .select('id')
          .where('status', '=', 'draft')
          .where('updated_at', '<', cutoff)
          .orderBy('id')
          .limit(DRAFT_BATCH)
          .forUpdate()
          .skipLocked()
          .execute();
        const ids = drafts.map((draft) => draft.id);
        if (ids.length === 0) return undefined;
        const attachments = await trx
          .selectFrom('attachment')
          .select('id')
          .where('application_id', 'in', ids)
          .execute();
        for (const table of APPLICATION_CHILDREN) {
          await sql`delete from ${sql.table(table)} where application_id in (${sql.join(ids)})`.execute(trx);
        }
        await trx.deleteFrom('application').where('id', 'in', ids).execute();
        deleted += ids.length;
        return attachments.map((attachment) => attachment.id);
      });
      if (!files) return deleted;
      // After commit: a file whose removal fails is an orphan, swept by orphanFiles.
      for (const id of files) await fs.rm(path.join(this.uploadDir, id), { force: true });
    }
  }

  /** Files of the upload folder that no attachment names, old enough that no upload is still writing them. */
  private async orphanFiles(now: Date): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.uploadDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const cutoff = now.getTime() - this.policy.orphanFileHours * 60 * 60 * 1000;
    let removed = 0;
    for (const name of names) {
      if (!STORED_FILE.test(name) && !PARTIAL_FILE.test(name)) continue;
      const file = path.join(this.uploadDir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile() || stat.mtimeMs >= cutoff) continue;
      if (STORED_FILE.test(name)) {
        const named = await this.db.selectFrom('attachment').select('id').where('id', '=', name).executeTakeFirst();
        if (named) continue;
      }
      await fs.rm(file, { force: true });
      removed++;
    }
    return removed;
  }
}
