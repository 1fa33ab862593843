import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RequiredDocument, SiteSettings } from '../../shared/reference-data';
import type { Database } from '../db/schema';
import { loadReferenceLists, referenceVersion, type ReferenceLists } from './reference-repository';

export interface SplashSnapshot {
  /** The `data` of the envelope, serialized once per change. */
  json: string;
  etag: string;
  lists: ReferenceLists;
}

/**
 * Keeps the splash answer in memory, serialized, with its ETag. Reference data changes rarely and
 * may change through another server process, so at most every `recheckMs` the service compares the
 * database's reference version with its own and reloads only when it moved.
 */
export class SplashService {
  private snapshot: (SplashSnapshot & { version: number }) | undefined;
  private checkedAt = 0;
  private pending: Promise<SplashSnapshot> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly site: SiteSettings,
    private readonly recheckMs = 2000,
  ) {}

  async get(): Promise<SplashSnapshot> {
    if (this.snapshot && Date.now() - this.checkedAt < this.recheckMs) return this.snapshot;
    this.pending ??= this.refresh().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Every document of the three required-document lists, by its code. */
  async documentsByCode(): Promise<Map<string, RequiredDocument>> {
    const { lists } = await this.get();
    const all = [
      ...lists.normal_attachments,
      ...lists.not_more_than_three_attachments,
      ...lists.more_than_three_attachments,
    ];
    return new Map(all.map((d) => [d.code, d]));
  }

  private async refresh(): Promise<SplashSnapshot> {
    const version = await referenceVersion(this.db);
    if (!this.snapshot || this.snapshot.version !== version) {
      const loaded = await loadReferenceLists(this.db);
      const json = JSON.stringify({ ...loaded.lists, site: this.site });
      const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
      this.snapshot = { version: loaded.version, json, etag, lists: loaded.lists };
    }
    this.checkedAt = Date.now();
    return this.snapshot;
  }
}
