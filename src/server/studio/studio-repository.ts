import type { Kysely } from 'kysely';
import type { FormsSet } from '../../shared/forms';
import { draftsInFlight } from '../applications/application-access';
import type { Database } from '../db/schema';
import { FormsVersionsRepository, type PublishedSummary } from '../forms/forms-access';
import type { ItemMarks } from './studio-items';

/** The shared draft as stored. */
export interface DraftRecord {
  set: FormsSet;
  /** The content as stored (its length bounds the work on it). */
  content: string;
  basedOn: number;
  revision: number;
  marks: ItemMarks;
  updatedBy: string | null;
  updatedAt: Date | null;
}

/** One line of the studio's audit. */
export interface AuditLine {
  staffId: number | null;
  staffName: string;
  action: string;
  subject: string;
  detail?: string;
}

export interface DraftWrite {
  set: FormsSet;
  basedOn: number;
  revision: number;
  marks: ItemMarks;
  updatedBy: string;
  updatedAt: Date;
}

export type VersionSummary = PublishedSummary;

const DRAFT_ID = 1;

/** Every query of the studio: its draft, its audit, and what it reads of versions and drafts in flight. */
export class StudioRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async readDraft(): Promise<DraftRecord | undefined> {
    const row = await this.db.selectFrom('studio_draft').selectAll().where('id', '=', DRAFT_ID).executeTakeFirst();
    if (!row) return undefined;
    return {
      set: JSON.parse(row.content) as FormsSet,
      content: row.content,
      basedOn: row.based_on,
      revision: row.revision,
      marks: JSON.parse(row.revisions) as ItemMarks,
      updatedBy: row.updated_by,
      updatedAt: row.updated_at,
    };
  }

  /** Starts the draft from a live version, unless another request just did. */
  async createDraft(set: FormsSet, basedOn: number): Promise<void> {
    await this.db
      .insertInto('studio_draft')
      .values({ id: DRAFT_ID, content: JSON.stringify(set), based_on: basedOn, revision: 0, revisions: '{}' })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /**
   * Writes the draft if it is still at `expected` (compare and set), with its audit line in the same
   * transaction: false, and nothing written, when another save came first.
   */
  async writeDraft(expected: number, next: DraftWrite, audit: AuditLine): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('studio_draft')
        .set({
          content: JSON.stringify(next.set),
          based_on: next.basedOn,
          revision: next.revision,
          revisions: JSON.stringify(next.marks),
          updated_by: next.updatedBy,
          updated_at: next.updatedAt,
        })
        .where('id', '=', DRAFT_ID)
        .where('revision', '=', expected)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await insertAudit(trx, audit);
      return true;
    });
  }

  async addAudit(line: AuditLine): Promise<void> {
    await insertAudit(this.db, line);
  }

  /** A page of the audit, newest first, below the id `before`. */
  auditPage(before: number | undefined, limit: number) {
    let query = this.db
      .selectFrom('studio_audit')
      .select(['id', 'at', 'staff_name', 'action', 'subject'])
      .orderBy('id', 'desc')
      .limit(limit);
    if (before !== undefined) query = query.where('id', '<', before);
    return query.execute();
  }

  /** How many drafts are in flight (saved, not submitted), and the newest `limit` of them. */
  async draftsInFlight(limit: number): Promise<{ count: number; drafts: { type: string; answers: object }[] }> {
    return draftsInFlight(this.db, limit);
  }

  /** A page of published versions, newest first, below `before`. */
  async versionsPage(before: number | undefined, limit: number): Promise<VersionSummary[]> {
    return new FormsVersionsRepository(this.db).versionsPage(before, limit);
  }

  /** The published sets of these versions. */
  async versionSets(versions: number[]): Promise<Map<number, FormsSet>> {
    return new FormsVersionsRepository(this.db).versionSets(versions);
  }
}

function insertAudit(db: Kysely<Database>, line: AuditLine): Promise<unknown> {
  return db
    .insertInto('studio_audit')
    .values({
      staff_id: line.staffId,
      staff_name: line.staffName,
      action: line.action,
      subject: line.subject,
      detail: line.detail ?? '',
    })
    .execute();
}
