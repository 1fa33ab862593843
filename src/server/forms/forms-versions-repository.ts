import type { Kysely } from 'kysely';
import type { FormsSet } from '../../shared/forms';
import { isUniqueViolation } from '../db/database-errors';
import type { Database } from '../db/schema';

/** A published forms version as stored: immutable. */
export interface PublishedForms {
  version: number;
  set: FormsSet;
  contentHash: string;
  publishedAt: Date;
  publishedBy: string;
  reason: string;
}

export interface PublishedSummary {
  version: number;
  publishedAt: Date;
  publishedBy: string;
  reason: string;
}

/** Every query on forms_version. */
export class FormsVersionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The highest published version, or undefined before the first import. */
  async latestNumber(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('forms_version')
      .select((eb) => eb.fn.max('version').as('version'))
      .executeTakeFirst();
    return row?.version ?? undefined;
  }

  async load(version: number): Promise<PublishedForms | undefined> {
    const row = await this.db.selectFrom('forms_version').selectAll().where('version', '=', version).executeTakeFirst();
    if (!row) return undefined;
    return {
      version: row.version,
      set: JSON.parse(row.content) as FormsSet,
      contentHash: row.content_hash,
      publishedAt: row.published_at,
      publishedBy: row.published_by,
      reason: row.reason,
    };
  }

  async hashOf(version: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('forms_version')
      .select('content_hash')
      .where('version', '=', version)
      .executeTakeFirst();
    return row?.content_hash;
  }

  async list(): Promise<PublishedSummary[]> {
    const rows = await this.db
      .selectFrom('forms_version')
      .select(['version', 'published_at', 'published_by', 'reason'])
      .orderBy('version', 'desc')
      .execute();
    return rows.map((r) => ({
      version: r.version,
      publishedAt: r.published_at,
      publishedBy: r.published_by,
      reason: r.reason,
    }));
  }

  /**
   * Publishes `set` as the next version, unless the latest version already holds the same content
   * (then that one is answered). Two servers publishing at once: the second's insert collides on the
   * version number and it tries again on top of the first.
   */
  async publish(
    set: FormsSet,
    contentHash: string,
    by: string,
    reason: string,
  ): Promise<{ version: number; published: boolean }> {
    for (let attempt = 0; ; attempt++) {
      const latest = await this.latestNumber();
      if (latest !== undefined && (await this.hashOf(latest)) === contentHash)
        return { version: latest, published: false };
      const version = (latest ?? 0) + 1;
      try {
        await this.db
          .insertInto('forms_version')
          .values({
            version,
            content: JSON.stringify(set),
            content_hash: contentHash,
            published_by: by,
            reason,
          })
          .execute();
        return { version, published: true };
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  }

  /** A page of published versions, newest first, below `before`. */
  async versionsPage(before: number | undefined, limit: number): Promise<PublishedSummary[]> {
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
