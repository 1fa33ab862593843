import type { Selectable } from 'kysely';
import type { AttachmentStatus, DashboardAttachment } from '../../shared/api/dashboard';
import { documentNameOf } from '../../shared/document-rules';
import type { DocumentRule } from '../../shared/forms';
import type { AttachmentTable } from '../db/tables/applications';

/**
 * A stored document as the applicant's dashboard and the back office both show it: its document's name
 * under the forms' rules, its file and the review. `scaleFallback` is the scale the uploads step gave it
 * when none was recorded with the upload (the back office reads it there).
 */
export function attachmentView(
  row: Selectable<AttachmentTable>,
  rules: readonly DocumentRule[],
  scaleFallback?: unknown,
): DashboardAttachment {
  const scale = row.scale ?? scaleFallback;
  return {
    attachment_id: row.id,
    document_type: row.document_type,
    document_name: documentNameOf(rules, row.document_type),
    scale: typeof scale === 'string' ? scale : null,
    file_name: row.file_name,
    status: row.status as AttachmentStatus,
    remark: row.remark,
    size: row.size,
    mime_type: row.mime_type,
    uploaded_at: new Date(row.created_at).toISOString(),
  };
}
