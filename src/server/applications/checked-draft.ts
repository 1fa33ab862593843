import { ApiError } from '../http/envelope';
import type { ApplicationRecord } from './applications-repository';
import { normalizeReferenceNumber } from './reference-number';
import { notDraftAnymore } from './withdrawn-guard';

/** A draft's status until it is submitted (or withdrawn). */
export const DRAFT = 'draft';

/** What a call says of the draft it continues: its type, and its reference number when it names one. */
export type DraftInput = { application_type: string; reference_number?: string };

/** The proof that the caller owns the draft a call names: the secret of its draft cookie. */
export interface DraftAccess {
  proof?: string | undefined;
}

/**
 * The draft a call continues, if it names one. Without the proof of its owner (`ownerOf` finds the
 * draft the caller's proof opens) the answer is 404, as for an unknown number, before the draft is
 * read; then 409 once submitted or of another type.
 */
export async function checkedDraft(
  input: DraftInput,
  find: (reference: string) => Promise<ApplicationRecord | undefined>,
  ownerOf: (() => Promise<number | undefined>) | undefined,
): Promise<ApplicationRecord | undefined> {
  if (input.reference_number === undefined) return undefined;
  const reference = normalizeReferenceNumber(input.reference_number);
  const owned = ownerOf ? await ownerOf() : undefined;
  if (!reference || (ownerOf && owned === undefined)) throw new ApiError(404, 'draft_not_found');
  const record = await find(reference);
  if (!record || (ownerOf && record.id !== owned)) throw new ApiError(404, 'draft_not_found');
  if (record.status !== DRAFT) throw notDraftAnymore(record.status);
  if (record.application_type !== input.application_type) throw new ApiError(409, 'other_application_type');
  return record;
}
