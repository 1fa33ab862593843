import type { Kysely } from 'kysely';
import type { UpdateAttachmentAnswer } from '../../shared/api/back-office';
import type { Language } from '../../shared/reference-data';
import { lockExistingApplication, recordAction, touchApplication } from '../applications/status-move';
import { ATTACHMENT_REVIEW_STATUSES, Problems, UUID, cleanText } from '../back-office/back-office-rules';
import { documentNameOf } from '../../shared/document-rules';
import type { AttachmentReview } from '../back-office/back-office-types';
import type { Database } from '../db/schema';
import type { FormsService } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import { noticeAnswer } from '../notifications/notice-answer';
import type { Notifier } from '../notifications/notifier';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { lockAttachment, setAttachmentReview } from './attachments-repository';

/** What update_attachment runs on (the back office's StaffServices has it all). */
export interface ReviewAttachmentDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  /** The forms being served: their document rules name the document in the notice. */
  forms: Pick<FormsService, 'get'>;
}

/** Accepts or rejects an uploaded document (a remark is required to reject), and tells the applicant. */
export async function reviewAttachment(
  deps: ReviewAttachmentDeps,
  actor: StaffActor,
  attachmentId: string,
  review: AttachmentReview,
  language: Language = 'en',
): Promise<UpdateAttachmentAnswer> {
  const remark = cleanText(review.remark);
  const problems = new Problems(language);
  if (!(ATTACHMENT_REVIEW_STATUSES as readonly string[]).includes(review.status))
    problems.add('/status', 'review_status');
  else if (review.status === 'rejected' && !remark) problems.add('/remark', 'remark_required');
  problems.check();
  if (!UUID.test(attachmentId)) throw new ApiError(404, 'back_office.attachment_not_found');

  const reviewed = await deps.db.transaction().execute(async (trx) => {
    const attachment = await lockAttachment(trx, attachmentId);
    if (!attachment) throw new ApiError(404, 'back_office.attachment_not_found');
    const application = await lockExistingApplication(trx, attachment.application_id);
    if (application.status === 'draft') throw new ApiError(409, 'back_office.not_submitted');
    const row = await setAttachmentReview(trx, attachmentId, review.status, remark);
    await touchApplication(trx, application.id);
    await recordAction(trx, application.id, remark, {
      actor,
      action: 'update_attachment',
      details: { attachment_id: attachmentId, document_type: row.document_type, status: review.status },
    });
    return row;
  });
  const notified = await noticeAnswer(deps.notifier, reviewed.application_id, 'attachment_reviewed', {
    document: documentNameOf((await deps.forms.get()).forms.documents, reviewed.document_type),
    status: reviewed.status,
    remark,
  });
  return {
    attachment_id: reviewed.id,
    document_type: reviewed.document_type,
    status: reviewed.status,
    remark: reviewed.remark,
    ...notified,
  };
}
