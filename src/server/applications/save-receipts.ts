import type { SubmittedAnswer } from '../../shared/api/applications';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/database-errors';
import type { Database } from '../db/schema';
import type { DraftOwners } from '../drafts/draft-owners';
import { ApiError } from '../http/envelope';
import {
  deleteSaveReceiptsBefore,
  findSaveReceipt,
  insertCreationReceipt,
  insertSaveReceipt,
} from './save-receipts-repository';
import { formatReferenceNumber } from './reference-number';
import { secretHash } from '../sessions/secret-hash';

/** How long a save's key is remembered: long enough for a phone to come back online. */
export const SAVE_RECEIPT_MS = 24 * 3600_000;
/** Old receipts are swept at most this often per process. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** What a repeated save answers: the first answer, and a new draft key when the save created the draft. */
export interface RepeatedSave {
  reference_number: string;
  step_number: number;
  secret?: string;
}

/**
 * Idempotent saves. A phone on a flaky network may send a save, lose the answer and send it again: the
 * client gives each save an idempotency key (`save_id`, a random UUID) and sends the repeat with the
 * same key. The first save that created a draft records its key in the same transaction as the draft,
 * so a repeat, even one racing the first, finds that draft instead of creating another. The repeat of
 * a creation hands the browser a draft cookie again (the first answer, cookie included, was lost): the
 * key is a secret of 122 random bits that only that browser sent, kept as its sha256 for a day.
 */
export class SaveReceipts {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly owners: DraftOwners,
  ) {}

  /**
   * The answer of an earlier save with this key, if any. A repeat naming a draft must carry the proof
   * of that same draft (else undefined: the save goes on as any other, and its owner check answers).
   */
  async repeat(
    saveId: string,
    input: { application_type: string; reference_number?: string },
    proof: string | undefined,
  ): Promise<RepeatedSave | undefined> {
    const receipt = await findSaveReceipt(this.db, secretHash(saveId), new Date(Date.now() - SAVE_RECEIPT_MS));
    if (!receipt) return undefined;
    const answer = {
      reference_number: formatReferenceNumber(receipt.reference_number),
      step_number: receipt.step_number,
    };
    if (input.reference_number !== undefined) {
      return (await this.owners.applicationOf(proof)) === receipt.application_id ? answer : undefined;
    }
    if (!receipt.created_draft || receipt.application_type !== input.application_type) return undefined;
    if (receipt.status !== 'draft') throw new ApiError(409, 'already_submitted');
    return { ...answer, secret: await this.owners.issue(receipt.application_id) };
  }

  /**
   * The same first save sent twice at once: the other one created the draft (its receipt's key made
   * this creation fail, and rolled it back). Any other error is thrown again.
   */
  async repeatOfRace(
    error: unknown,
    saveId: string | undefined,
    input: { application_type: string; reference_number?: string },
  ): Promise<RepeatedSave> {
    const again = saveId && isUniqueViolation(error) ? await this.repeat(saveId, input, undefined) : undefined;
    if (!again) throw error;
    return again;
  }

  /**
   * A Submit sent again with the key of one that went through (its answer was lost on the way): the
   * first answer, and nothing submitted twice. A repeat naming a draft must carry that draft's proof;
   * one that created the application, the same type. Otherwise undefined: the Submit goes on as any
   * other (and is refused as already submitted).
   */
  async repeatedSubmit(
    saveId: string,
    input: { application_type: string; reference_number?: string },
    proof: string | undefined,
  ): Promise<SubmittedAnswer | undefined> {
    const receipt = await findSaveReceipt(this.db, secretHash(saveId), new Date(Date.now() - SAVE_RECEIPT_MS));
    if (!receipt || receipt.status === 'draft') return undefined;
    const same =
      input.reference_number !== undefined
        ? (await this.owners.applicationOf(proof)) === receipt.application_id
        : receipt.created_draft && receipt.application_type === input.application_type;
    return same
      ? { reference_number: formatReferenceNumber(receipt.reference_number), status: receipt.status }
      : undefined;
  }

  /** Records a Submit inside its transaction; one that creates the application fails on a repeat's key. */
  async submitted(trx: Kysely<Database>, saveId: string, applicationId: number, stepNumber: number, created: boolean) {
    const row = { key_hash: secretHash(saveId), application_id: applicationId, step_number: stepNumber };
    if (created) await insertCreationReceipt(trx, row);
    else await insertSaveReceipt(trx, { ...row, created_draft: false });
  }

  /** Records the creation of a draft by a save, inside the transaction that creates it. */
  async created(trx: Kysely<Database>, saveId: string, applicationId: number, stepNumber: number): Promise<void> {
    await insertCreationReceipt(trx, {
      key_hash: secretHash(saveId),
      application_id: applicationId,
      step_number: stepNumber,
    });
  }

  /** Records a save of an existing draft. */
  async saved(saveId: string, applicationId: number, stepNumber: number): Promise<void> {
    await insertSaveReceipt(this.db, {
      key_hash: secretHash(saveId),
      application_id: applicationId,
      step_number: stepNumber,
      created_draft: false,
    });
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await deleteSaveReceiptsBefore(this.db, new Date(now - SAVE_RECEIPT_MS));
  }
}
