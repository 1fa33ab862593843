import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  walkSchema,
  type FormsDocument,
  type FormsSet,
  type JsonSchema,
  type REFERENCE_LISTS,
} from '../../shared/forms';
import type { Database } from '../db/schema';
import { problemLine } from '../../shared/forms-check/problems';
import { FormsProblemsError, fullFormsCheck, loadForms } from './form-loader';
import { FormsVersionsRepository, type PublishedForms } from './forms-versions-repository';

export type { PublishedForms } from './forms-versions-repository';

/** Who publishes and why: kept with the version. */
export interface PublishMeta {
  by: string;
  reason: string;
}

export type PublishResult = { ok: true; version: number; published: boolean } | { ok: false; problems: string[] };

/** How often a server asks the database whether a newer version was published (by another server). */
export const FORMS_RECHECK_MS = 2000;
/** Older versions kept in memory (drafts saved under them are continued now and then). */
const KEPT_VERSIONS = 8;

/** The hash that tells two sets apart: the same content read twice gives the same hash. */
export function formsContentHash(set: FormsSet): string {
  // `fees` undefined leaves the JSON (and so the hash of a set without a schedule) as before fees existed.
  const { steps, flows, texts, documents, fees } = set;
  return createHash('sha256').update(JSON.stringify({ steps, flows, texts, documents, fees })).digest('base64url');
}

/**
 * The published forms versions (table forms_version) and the one being served: the highest. At most
 * every `recheckMs` a server compares the database's highest version with its own and loads the new
 * one, so a version published on any server is served by every server within that time, with no
 * restart. A set with problems is never published; the version serving stays.
 */
export class FormRegistry {
  private latest: PublishedForms;
  private checkedAt = Date.now();
  private pending: Promise<PublishedForms> | undefined;
  private readonly older = new Map<number, PublishedForms>();

  private constructor(
    private readonly versions: FormsVersionsRepository,
    latest: PublishedForms,
    private readonly recheckMs: number,
  ) {
    this.latest = latest;
  }

  /**
   * The registry over `db`. On the first start (no version yet) the folder `importFrom` is checked and
   * published as version 1; a folder with problems then stops the start (FormsProblemsError). Once a
   * version exists the folder is not read: `forms:import` or reload_forms publish a new one.
   */
  static async open(
    db: Kysely<Database>,
    options: { importFrom: string; recheckMs?: number; by?: string },
  ): Promise<FormRegistry> {
    const versions = new FormsVersionsRepository(db);
    let number = await versions.latestNumber();
    if (number === undefined) {
      const set = await loadForms(options.importFrom);
      number = (
        await versions.publish(set, formsContentHash(set), options.by ?? 'first start', 'The forms of schemas/')
      ).version;
    }
    const latest = await versions.load(number);
    if (!latest) throw new Error(`forms version ${number} vanished`);
    return new FormRegistry(versions, latest, options.recheckMs ?? FORMS_RECHECK_MS);
  }

  /** The version being served (rechecked against the database at most every recheckMs). */
  async current(): Promise<PublishedForms> {
    if (Date.now() - this.checkedAt < this.recheckMs) return this.latest;
    this.pending ??= this.refresh().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Any published version, by number (immutable, so kept once read). */
  async version(version: number): Promise<PublishedForms | undefined> {
    if (version === this.latest.version) return this.latest;
    const kept = this.older.get(version);
    if (kept) return kept;
    const loaded = await this.versions.load(version);
    if (loaded) this.keep(loaded);
    return loaded;
  }

  /** Every published version, newest first (without their content). */
  list() {
    return this.versions.list();
  }

  /** Checks `set` and publishes it as a new version (unless it is the latest already); serves it at once here. */
  async publish(set: FormsSet, meta: PublishMeta): Promise<PublishResult> {
    const problems = (await fullFormsCheck(set)).filter((p) => p.severity === 'error').map(problemLine);
    if (problems.length > 0) return { ok: false, problems };
    return this.store(set, meta);
  }

  /** Publishes a set its caller has checked whole (fullFormsCheck: the studio does, in its worker). */
  publishChecked(set: FormsSet, meta: PublishMeta): Promise<PublishResult> {
    return this.store(set, meta);
  }

  /** Publishes a set already checked whole. */
  private async store(set: FormsSet, meta: PublishMeta): Promise<PublishResult> {
    const result = await this.versions.publish(set, formsContentHash(set), meta.by, meta.reason);
    this.checkedAt = 0;
    await this.current();
    return { ok: true, ...result };
  }

  /** Reads and checks a folder in the layout of schemas/ and publishes it (reload_forms, forms:import). */
  async importFolder(dir: string, meta: PublishMeta): Promise<PublishResult> {
    let set: FormsSet;
    try {
      set = await loadForms(dir);
    } catch (error) {
      if (error instanceof FormsProblemsError) return { ok: false, problems: error.problems };
      throw error;
    }
    // loadForms checked it whole, with the folder's sample answers.
    return this.store(set, meta);
  }

  private async refresh(): Promise<PublishedForms> {
    const number = await this.versions.latestNumber();
    if (number !== undefined && number !== this.latest.version) {
      const loaded = await this.versions.load(number);
      if (loaded) {
        this.keep(this.latest);
        this.latest = loaded;
      }
    }
    this.checkedAt = Date.now();
    return this.latest;
  }

  private keep(forms: PublishedForms): void {
    this.older.set(forms.version, forms);
    if (this.older.size > KEPT_VERSIONS) this.older.delete(this.older.keys().next().value as number);
  }
}

/**
 * The served form of a published version: its set and its number as the document's version. The fee
 * schedule stays on the server: the wizard asks for its estimate (estimate_fee), not for the rules.
 */
export function formsDocumentOf(published: PublishedForms): FormsDocument {
  const served: FormsDocument = { ...published.set, version: String(published.version) };
  delete served.fees;
  return served;
}

/**
 * Binds every "x-reference" property to the current ids of its reference list (an enum), so the
 * server and the client validate against the same list; the client labels the options from the
 * reference data in the chosen language. The files themselves never hold the lists.
 */
export type ReferenceIds = Partial<Record<(typeof REFERENCE_LISTS)[number], { id: number }[]>>;

export function bindReferences(forms: FormsDocument, lists: ReferenceIds): FormsDocument {
  const steps = structuredClone(forms.steps);
  for (const step of Object.values(steps)) {
    walkSchema(step.schema, (node: JsonSchema) => {
      const list = node['x-reference'];
      if (typeof list !== 'string') return;
      const items = lists[list as keyof ReferenceIds] ?? [];
      node.enum = items.map((item) => item.id);
    });
  }
  return { ...forms, steps };
}
