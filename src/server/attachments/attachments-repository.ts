import type { Kysely } from 'kysely';
import type { DraftAttachment } from '../../shared/api/open-draft';
import type { Database } from '../db/schema';

/**
 * A draft's files as the wizard shows them after a reload or a Continue: every one it still keeps
 * (at most MAX_DRAFT_FILES_PER_DOCUMENT per document type), oldest first.
 */
export async function draftAttachments(db: Kysely<Database>, applicationId: number): Promise<DraftAttachment[]> {
  const rows = await db
    .selectFrom('attachment')
    .select(['id', 'document_type', 'file_name', 'size', 'scale'])
    .where('application_id', '=', applicationId)
    .where('status', '!=', 'replaced')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    attachment_id: row.id,
    document_type: row.document_type,
    file_name: row.file_name,
    size: row.size,
    scale: row.scale,
  }));
}
