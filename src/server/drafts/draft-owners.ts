import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { normalizeReferenceNumber } from '../applications/reference-number';
import { notDraftAnymore } from '../applications/withdrawn-guard';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { findApplicationByIdAndReference, type OwnedDraftRow } from '../applications/application-access';
import { findLiveDraftKey, insertDraftKey, touchDraftKey } from './draft-keys-repository';
import { secretHash } from '../sessions/secret-hash';

export interface DraftKeyLimits {
  /** A key not used for this long no longer proves anything (ms). */
  idleMs: number;
  /** A key proves nothing this long after it was given, used or not (ms). */
  maxMs: number;
}

/**
 * A day without a save, a week at most: past that, the applicant continues with the code sent to the
 * phone saved in the draft (Continue), as from another device. The cookie itself ends with the browser.
 */
export const DEFAULT_DRAFT_KEY_LIMITS: DraftKeyLimits = { idleMs: 24 * 3600_000, maxMs: 7 * 24 * 3600_000 };

/** The last use is written at most this often: not one more write on every save. */
const TOUCH_EVERY_MS = 10 * 60_000;
/** Keys this process checked lately, so that a save does not read its key again every time. */
const CHECKED = { max: 5_000, ttl: 60_000 };

/** 256 random bits in base64url: 43 characters. Anything else is no key, not even looked up. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * Who may write a draft: the holder of a secret given to the browser that created the draft, or to one
 * that continued it with the code sent to its phone. Only the secret's sha256 is stored, so a copy of
 * the database opens no draft. A reference number alone proves nothing.
 */
export class DraftOwners {
  private readonly checked = new LRUCache<string, { applicationId: number; lastUsed: number }>(CHECKED);

  constructor(
    private readonly db: Kysely<Database>,
    readonly limits: DraftKeyLimits = DEFAULT_DRAFT_KEY_LIMITS,
  ) {}

  /** A new proof for this draft: the secret goes to the browser (the draft cookie), its hash is kept. */
  async issue(applicationId: number, db: Kysely<Database> = this.db): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    await insertDraftKey(db, secretHash(secret), applicationId, new Date(Date.now() + this.limits.maxMs));
    return secret;
  }

  /**
   * The draft named by a reference number, for the holder of its proof; otherwise 404, the answer an
   * unknown number gets (nothing is read without a proof). 409 once it is no longer a draft.
   */
  async ownedDraft(referenceInput: string, secret: string | undefined): Promise<OwnedDraftRow> {
    const draft = await this.owned(referenceInput, secret);
    if (draft.status !== 'draft') throw notDraftAnymore(draft.status);
    return draft;
  }

  /** As `ownedDraft`, whatever its status. */
  async owned(referenceInput: string, secret: string | undefined): Promise<OwnedDraftRow> {
    const reference = normalizeReferenceNumber(referenceInput);
    const applicationId = reference ? await this.applicationOf(secret) : undefined;
    const found =
      reference && applicationId !== undefined
        ? await findApplicationByIdAndReference(this.db, applicationId, reference)
        : undefined;
    if (!found) throw new ApiError(404, 'draft_not_found');
    return found;
  }

  /** The draft a secret proves ownership of, if it is a live key; undefined otherwise. */
  async applicationOf(secret: string | undefined): Promise<number | undefined> {
    if (secret === undefined || !SECRET.test(secret)) return undefined;
    const hash = secretHash(secret);
    const known = this.checked.get(hash);
    if (known) return known.applicationId;
    const now = new Date();
    const row = await findLiveDraftKey(this.db, hash, new Date(now.getTime() - this.limits.idleMs));
    if (!row) return undefined;
    let lastUsed = row.last_used_at.getTime();
    if (now.getTime() - lastUsed > TOUCH_EVERY_MS) {
      await touchDraftKey(this.db, hash, now);
      lastUsed = now.getTime();
    }
    this.checked.set(hash, { applicationId: row.application_id, lastUsed });
    return row.application_id;
  }
}
