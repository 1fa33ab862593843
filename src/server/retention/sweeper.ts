import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { RETENTION, type RetentionPolicy } from './retention-policy';
import {
  attachmentExists,
  attachmentIdsOf,
  deleteApplications,
  deleteExpiredRows,
  EXPIRED_ROWS,
  lockAbandonedDrafts,
  type ExpiredRows,
} from './retention-repository';

/** The job queue of the daily sweep. */
export const SWEEP_QUEUE = 'sweep';

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
    return deleteExpiredRows(this.db, kind, cutoff);
  }

  /** Drafts untouched for the policy's days, with everything of theirs; their files once committed. */
  private async abandonedDrafts(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.policy.abandonedDraftDays * DAY_MS);
    let deleted = 0;
    for (;;) {
      const files = await this.db.transaction().execute(async (trx) => {
        const ids = await lockAbandonedDrafts(trx, cutoff, DRAFT_BATCH);
        if (ids.length === 0) return undefined;
        const attachments = await attachmentIdsOf(trx, ids);
        await deleteApplications(trx, ids);
        deleted += ids.length;
        return attachments;
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
        if (await attachmentExists(this.db, name)) continue;
      }
      await fs.rm(file, { force: true });
      removed++;
    }
    return removed;
  }
}
