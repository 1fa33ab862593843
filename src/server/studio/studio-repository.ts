import { sql, type Kysely } from 'kysely';
import type { FormsSet } from '../../shared/forms';
import type { Database } from '../db/schema';
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

export interface VersionSummary {
  version: number;
  publishedAt: Date;
  publishedBy: string;
  reason: string;
}

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
    const counted = await this.db
      .selectFrom('application')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('status', '=', 'draft')
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('application')
      .select(['application_type', 'answers'])
      .where('status', '=', 'draft')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return { count: counted.count, drafts: rows.map((r) => ({ type: r.application_type, answers: r.answers })) };
  }

  /** A page of published versions, newest first, below `before`. */
  async versionsPage(before: number | undefined, limit: number): Promise<VersionSummary[]> {
    let query = this.db
      .selectFrom('forms_version')
      .select(['version', 'published_at', 'published_by', 'reason'])
      .orderBy('version', 'desc')
      .limit(limit);
    if (before !== undefined) query = query.where('version', '<', before);
    const rows = await query.execute();
    return rows.map((r) => ({
      version: r.version,
      publishedAt: r.published_at,
      publishedBy: r.published_by,
      reason: r.reason,
    }));
  }

  /** The content of each of these versions (a bounded list). */
  async versionSets(versions: number[]): Promise<Map<number, FormsSet>> {
    if (versions.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('forms_version')
      .select(['version', 'content'])
      .where('version', 'in', versions)
      .execute();
    return new Map(rows.map((r) => [r.version, JSON.parse(r.content) as FormsSet]));
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
