import type { ContinuedDraft } from '../../shared/api/continue';
import { stepNumberToResume } from '../../shared/wizard-driver';
import type { Kysely } from 'kysely';
import type { Language } from '../../shared/reference-data';
import { CODE_TTL_S, type OneTimeCodes } from '../codes/one-time-codes';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import { maskPhone, type QueuedSms } from '../sms/sms-sender';
import type { DraftUpToDate } from './applications-service';
import { formatReferenceNumber, normalizeReferenceNumber } from './reference-number';
import { notDraftAnymore } from './withdrawn-guard';
import { draftAttachments } from '../attachments/attachments-access';
import { findDraftPhone, findDraftToOpen } from './applications-repository';

const PURPOSE = 'continue';

/**
 * Continue a saved application: a reference number alone does not show personal data, so a code
 * goes to the phone saved in the draft, and the draft opens only for the right code.
 */
export class ContinueService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly codes: OneTimeCodes,
    private readonly sms: QueuedSms,
    /** Brings a draft saved under older forms to the forms being served (ApplicationsService.upToDate). */
    private readonly drafts: { upToDate(reference: string): Promise<DraftUpToDate> },
  ) {}

  async start(referenceInput: string, language: Language) {
    const reference = normalizeReferenceNumber(referenceInput);
    const draft = reference ? await findDraftPhone(this.db, reference) : undefined;
    if (!draft) throw new ApiError(404, 'application_not_found');
    if (draft.status !== 'draft') throw notDraftAnymore(draft.status);
    if (!draft.phone) throw new ApiError(409, 'no_phone_on_file');
    const { challengeId } = await this.codes.issueAndSend(PURPOSE, draft.reference_number, this.sms, {
      phone: draft.phone,
      text: (code) =>
        message(language, 'sms_continue_code', {
          code,
          reference_number: formatReferenceNumber(draft.reference_number),
        }),
    });
    if (challengeId === null) throw new Error('a continue challenge has its id');
    return { challenge_id: challengeId, sent_to: maskPhone(draft.phone), expires_in_s: CODE_TTL_S };
  }

  /**
   * The draft, for the right code of a continue challenge, under the forms being served: saved under
   * older ones, it is brought to them first, and `forms_changed` lists what it must answer now.
   */
  async open(reference: string) {
    const draft = await findDraftToOpen(this.db, reference);
    if (!draft) throw new ApiError(404, 'application_not_found');
    if (draft.status !== 'draft') throw notDraftAnymore(draft.status);
    const current = await this.drafts.upToDate(draft.reference_number);
    return {
      id: draft.id,
      reference_number: formatReferenceNumber(draft.reference_number),
      // The column holds only the application types (and the answers are kept by step): as the contract says them.
      application_type: draft.application_type as ContinuedDraft['application_type'],
      // As save_and_continue answers it: the step to open next (1-based; past the last step, the review).
      step_number: stepNumberToResume(current.step_number),
      data: current.answers as ContinuedDraft['data'],
      // What was typed on steps Save & Complete Later kept unfinished: shown again, not finished.
      unfinished: current.unfinished,
      // Its files, as the documents step and the review show them (names, sizes, scales).
      attachments: await draftAttachments(this.db, draft.id),
      ...(current.forms_changed ? { forms_changed: current.forms_changed } : {}),
    };
  }

  static readonly PURPOSE = PURPOSE;
}
