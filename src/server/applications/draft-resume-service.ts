import type { DraftOwners } from '../drafts/draft-owners';
import type { DraftUpToDate } from './applications-service';
import { formatReferenceNumber } from './reference-number';

/** A draft as the wizard reopens it: what verify_code answers for a continue, and what was typed unfinished. */
export interface ReopenedDraft {
  reference_number: string;
  application_type: string;
  /** The step to open next, 1-based (past the last step: the review), as save_and_continue answers it. */
  step_number: number;
  /** The finished steps' answers, by step id. */
  data: Record<string, unknown>;
  /** What was typed on steps kept unfinished by Save & Complete Later, by step id: those steps are not finished. */
  unfinished: Record<string, unknown>;
  forms_changed?: DraftUpToDate['forms_changed'];
}

/**
 * Reopens one's own draft after a reload, a Back or a return in the same browser: the draft named by
 * its reference number, for the holder of its draft cookie only. A reference number alone reads
 * nothing (404 draft_not_found, as for an unknown number); a submitted one is 409 already_submitted.
 * A draft saved under older forms is brought to the served ones first, as Continue does.
 */
export class DraftResumeService {
  constructor(
    private readonly owners: DraftOwners,
    private readonly drafts: { upToDate(reference: string): Promise<DraftUpToDate> },
  ) {}

  async reopen(referenceInput: string, proof: string | undefined): Promise<ReopenedDraft> {
    const draft = await this.owners.ownedDraft(referenceInput, proof);
    const current = await this.drafts.upToDate(draft.reference_number);
    return {
      reference_number: formatReferenceNumber(draft.reference_number),
      application_type: draft.application_type,
      step_number: current.step_number + 1,
      data: current.answers,
      unfinished: current.unfinished,
      ...(current.forms_changed ? { forms_changed: current.forms_changed } : {}),
    };
  }
}
