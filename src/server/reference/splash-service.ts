import type { Kysely } from 'kysely';
import { documentLists } from '../../shared/document-rules';
import type { DocumentRule } from '../../shared/forms';
import type { SiteSettings } from '../../shared/reference-data';
import type { Database } from '../db/schema';
import type { Splash } from '../../shared/api/splash';
import { jsonOf, textEtag, type JsonOf } from '../http/cached-answer';
import { loadReferenceLists, referenceVersion, type ReferenceLists } from './reference-repository';

export interface SplashSnapshot {
  /** The reference lists and the site's settings, serialized once per change (without the document lists). */
  json: string;
  etag: string;
  lists: ReferenceLists;
}

/** The document rules of the forms being served, and a key that changes whenever they may have. */
export interface ServedRules {
  key: string;
  rules: readonly DocumentRule[];
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
  private answered: { key: string; json: JsonOf<Splash>; etag: string } | undefined;

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

  /**
   * The answer of get_splash: the reference lists, and the spec's three document lists derived from
   * the rules of the forms being served (schemas/documents.json). Serialized once per change of either.
   */
  async answer(documents: ServedRules): Promise<{ json: JsonOf<Splash>; etag: string }> {
    const snapshot = await this.get();
    const key = `${snapshot.etag}:${documents.key}`;
    if (this.answered?.key !== key) {
      // As snapshot.json holds them (the lists, then the site), then the document lists.
      const json = jsonOf<Splash>({ ...snapshot.lists, site: this.site, ...documentLists(documents.rules) });
      this.answered = { key, json, etag: textEtag(json) };
    }
    return this.answered;
  }

  private async refresh(): Promise<SplashSnapshot> {
    const version = await referenceVersion(this.db);
    if (!this.snapshot || this.snapshot.version !== version) {
      const loaded = await loadReferenceLists(this.db);
      const json = JSON.stringify({ ...loaded.lists, site: this.site });
      this.snapshot = { version: loaded.version, json, etag: textEtag(json), lists: loaded.lists };
    }
    this.checkedAt = Date.now();
    return this.snapshot;
  }
}
