import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Language } from '../../shared/reference-data';
import type { ApplicationType } from '../../shared/wizard-driver';
import type { Database } from '../db/schema';
import type { DraftOwners } from '../drafts/draft-owners';
import { ApiError } from '../http/envelope';
import {
  findByReference,
  findForUpdate,
  insertApplication,
  updateIfUnchanged,
  type ApplicationChanges,
  type ApplicationRecord,
} from './applications-repository';
import { checkedDraft, type DraftAccess, type DraftInput } from './checked-draft';
import { droppedRemark, type DraftMigration } from './draft-migration';
import { insertEvent } from './history-repository';
import { newReferenceNumber } from './reference-number';
import type { ReferenceSms } from './reference-sms';
import type { RepeatedSave, SaveReceipts } from './save-receipts';

/** Saves of one draft racing each other: each tries this often before answering 409 changed_meanwhile. */
const SAVE_ATTEMPTS = 5;
/** The history's line for answers that a change of the forms removed from a draft. */
const FORMS_CHANGED_EVENT = 'forms_changed';
/** Drafts this process wrote last, kept to continue them without reading them back (see `recent`). */
const RECENT_DRAFTS = { max: 1000, ttl: 15 * 60_000 };

/** The draft a save continues as read for one attempt: `copied` when it is this process's kept copy (maybe stale). */
export interface DraftRead {
  existing: ApplicationRecord | undefined;
  copied: boolean;
}

/**
 * The compare-and-set loop of every write of a draft, rather than a transaction holding the row: read
 * the draft, check against it, write only if nothing else wrote it meanwhile, else start again from what
 * is there. `write` answers, or undefined when its conditional write changed nothing; `readAgain` reads
 * the draft for the next attempt. A stale copy (`dropCopy` drops it and says so) is not counted among
 * the attempts; after SAVE_ATTEMPTS, 409 changed_meanwhile.
 */
export async function compareAndSet<D, T>(
  first: D,
  write: (draft: D) => Promise<T | undefined>,
  readAgain: () => Promise<D>,
  dropCopy: (draft: D) => boolean = () => false,
): Promise<T> {
  for (let draft = first, attempt = 1; ; draft = await readAgain()) {
    const answer = await write(draft);
    if (answer !== undefined) return answer;
    if (dropCopy(draft)) continue;
    if (attempt === SAVE_ATTEMPTS) throw new ApiError(409, 'changed_meanwhile');
    attempt++;
  }
}

/** What a save says of how it writes: the draft it names (if any), its idempotency key, Save & Complete Later. */
export type SaveInput = DraftInput & { application_type: ApplicationType; save_id?: string; save_later?: boolean };

/** Reading and writing drafts for the operations on them: ownership, the kept copies, creation, compare-and-set. */
export class DraftWriter {
  /**
   * Each draft as this process last wrote it, by reference number: the next save of the draft checks
   * its step against this copy and writes by compare-and-set without reading the draft first (one
   * query a save instead of two). The copy may be stale (another process, Submit, a staff change):
   * then the conditional write changes nothing, the copy is dropped and the save reads the draft.
   */
  private readonly recent = new LRUCache<string, ApplicationRecord>(RECENT_DRAFTS);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly owners: DraftOwners,
    private readonly receipts: SaveReceipts,
    /** The reference number by SMS after the first save, Save & Complete Later and Submit. */
    private readonly referenceSms?: ReferenceSms,
  ) {}

  /**
   * A save's compare-and-set (see `compareAndSet`), from `first` (the draft as the save first read it):
   * a copy found stale is dropped and the draft read as stored.
   */
  async save<T>(
    input: DraftInput,
    access: DraftAccess,
    first: DraftRead,
    write: (draft: DraftRead) => Promise<T | undefined>,
  ): Promise<T> {
    const dropCopy = ({ existing, copied }: DraftRead) => {
      if (copied && existing) this.recent.delete(existing.reference_number);
      return copied && existing !== undefined;
    };
    return compareAndSet(first, write, () => this.toContinue(input, access, false), dropCopy);
  }

  /** The draft a save continues, for its owner: this process's copy of it when it has one (`fromCopy`), else as stored. */
  async toContinue(input: DraftInput, access: DraftAccess, fromCopy: boolean): Promise<DraftRead> {
    let copied = false;
    const existing = await checkedDraft(
      input,
      async (reference) => {
        const copy = fromCopy ? this.recent.get(reference) : undefined;
        copied = copy !== undefined;
        return copy ?? findByReference(this.db, reference);
      },
      () => this.owners.applicationOf(access.proof),
    );
    return { existing, copied };
  }

  /** The draft being continued as it is now, unlocked, for its owner: written back with `updateIfUnchanged`. */
  async current(input: DraftInput, access: DraftAccess): Promise<ApplicationRecord | undefined> {
    return checkedDraft(
      input,
      (reference) => findByReference(this.db, reference),
      () => this.owners.applicationOf(access.proof),
    );
  }

  /**
   * The draft being continued, locked for the rest of the transaction. Its owner was proven by
   * `current` just before (a query of the proof here would wait for the transaction's own
   * connection on PGlite); this checks that it is still the same draft.
   */
  async locked(trx: Transaction<Database>, input: DraftInput): Promise<ApplicationRecord | undefined> {
    return checkedDraft(input, (reference) => findForUpdate(trx, reference), undefined);
  }

  /** Keeps the draft as written, unless a later write of it is kept already (answers may come back out of order). */
  keep(record: ApplicationRecord): void {
    const kept = this.recent.get(record.reference_number);
    if (!kept || kept.revision < record.revision) this.recent.set(record.reference_number, record);
  }

  /** Drops this process's copy of a draft written otherwise (Submit, a migration). */
  forget(reference: string): void {
    this.recent.delete(reference);
  }

  /**
   * One write of a save: the draft updated by compare-and-set (undefined when it changed meanwhile), or
   * created (when the same first save raced this one, its first answer instead, without `id`); then kept
   * here, with the save's receipt and the answers a migration dropped. `opens`: the step the answer opens.
   */
  async write(
    input: SaveInput,
    existing: ApplicationRecord | undefined,
    changes: ApplicationChanges & { language: Language },
    opens: number,
    migration: DraftMigration | undefined,
  ): Promise<(ApplicationRecord & { secret?: string }) | RepeatedSave | undefined> {
    const later = input.save_later === true;
    const saveId = input.save_id;
    if (!existing) {
      const created = await this.create(input.application_type, changes, later, saveId, opens).catch((error: unknown) =>
        this.receipts.repeatOfRace(error, saveId, input),
      );
      if ('id' in created) this.keep(created);
      return created;
    }
    if (!(await this.update(existing, changes, later))) return undefined;
    const written = {
      ...existing,
      step_number: changes.step_number,
      answers: changes.answers,
      revision: existing.revision + 1,
      forms_version: changes.forms_version,
      unfinished: changes.unfinished ?? existing.unfinished,
    };
    this.keep(written);
    if (saveId) await this.receipts.saved(saveId, written.id, opens);
    await this.recordDropped(written.id, existing.forms_version, changes.forms_version, migration);
    return written;
  }

  /** A new draft, its owner's first key and the SMS with its reference number, together. */
  private async create(
    type: ApplicationType,
    changes: ApplicationChanges & { language: Language },
    later: boolean,
    saveId?: string,
    answeredStep = 0,
  ): Promise<ApplicationRecord & { secret: string }> {
    let sms: number | undefined;
    const created = await this.db.transaction().execute(async (trx) => {
      const record = await insertApplication(trx, newReferenceNumber(), type, changes);
      if (saveId) await this.receipts.created(trx, saveId, record.id, answeredStep);
      const event = later ? 'saved_later' : 'first_save';
      sms = await this.referenceSms?.queue(trx, event, { ...changes, reference: record.reference_number });
      return { ...record, secret: await this.owners.issue(record.id, trx) };
    });
    this.referenceSms?.deliver(sms);
    return created;
  }

  /** A save of a draft by compare-and-set; Save & Complete Later queues its SMS in the same transaction. */
  private async update(
    existing: ApplicationRecord,
    changes: ApplicationChanges & { language: Language },
    later: boolean,
  ): Promise<boolean> {
    if (!later || !this.referenceSms) return updateIfUnchanged(this.db, existing, changes);
    const referenceSms = this.referenceSms;
    let sms: number | undefined;
    const written = await this.db.transaction().execute(async (trx) => {
      if (!(await updateIfUnchanged(trx, existing, changes))) return false;
      sms = await referenceSms.queue(trx, 'saved_later', { ...changes, reference: existing.reference_number });
      return true;
    });
    referenceSms.deliver(sms);
    return written;
  }

  /** The answers a change of the forms removed from a draft, as a line of its history. */
  async recordDropped(
    applicationId: number,
    from: number | null,
    to: number,
    migration: DraftMigration | undefined,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    if (!migration || migration.dropped.length === 0) return;
    await insertEvent(db, applicationId, {
      status: FORMS_CHANGED_EVENT,
      remark: droppedRemark(from, to, migration.dropped),
    });
  }
}
