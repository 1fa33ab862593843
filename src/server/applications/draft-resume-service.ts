import { stepNumberToResume } from '../../shared/wizard-driver';
import type { DraftAttachment, OpenDraftAnswer } from '../../shared/api/open-draft';
import type { ApplicationType } from '../../shared/wizard-driver';
import type { DraftOwners } from '../drafts/draft-owners';
import type { DraftUpToDate } from './applications-service';
import { formatReferenceNumber } from './reference-number';

/**
 * Reopens one's own draft after a reload, a Back or a return in the same browser: the draft named by
 * its reference number, for the holder of its draft cookie only. A reference number alone reads
 * nothing (404 draft_not_found, as for an unknown number); a submitted one is 409 already_submitted.
 * A draft saved under older forms is brought to the served ones first, as Continue does. Its files
 * come with it (name, size, scale), so that the documents step and the review show what they showed.
 */
export class DraftResumeService {
  constructor(
    private readonly owners: DraftOwners,
    private readonly drafts: { upToDate(reference: string): Promise<DraftUpToDate> },
    private readonly files: (applicationId: number) => Promise<DraftAttachment[]>,
  ) {}

  async reopen(referenceInput: string, proof: string | undefined): Promise<OpenDraftAnswer> {
    const draft = await this.owners.ownedDraft(referenceInput, proof);
    const current = await this.drafts.upToDate(draft.reference_number);
    return {
      reference_number: formatReferenceNumber(draft.reference_number),
      // Written only by the saves, which take the types of APPLICATION_TYPES.
      application_type: draft.application_type as ApplicationType,
      step_number: stepNumberToResume(current.step_number),
      data: current.answers as OpenDraftAnswer['data'],
      unfinished: current.unfinished,
      attachments: await this.files(draft.id),
      ...(current.forms_changed ? { forms_changed: current.forms_changed } : {}),
    };
  }
}
