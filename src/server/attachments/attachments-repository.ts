import type { Kysely, Transaction } from 'kysely';
import type { DraftAttachment } from '../../shared/api/open-draft';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A draft's files as the wizard shows them after a reload or a Continue: every one it still keeps
 * (at most UPLOAD_LIMITS.draftFilesPerDocument per document type, upload-limits.ts), oldest first.
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

/** Every file uploaded to the application, with the document it was uploaded as. */
export async function uploadedDocumentTypes(db: Kysely<Database>, applicationId: number) {
  return db
    .selectFrom('attachment')
    .select(['id', 'document_type'])
    .where('application_id', '=', applicationId)
    .execute();
}

/** Stores the scale the documents step gives for a file, if it is the application's file of that document. */
export async function setAttachmentScale(
  trx: Transaction<Database>,
  applicationId: number,
  attachment: { id: string; document_type: string; scale: string | null },
): Promise<void> {
  await trx
    .updateTable('attachment')
    .set({ scale: attachment.scale })
    .where('id', '=', attachment.id)
    .where('application_id', '=', applicationId)
    .where('document_type', '=', attachment.document_type)
    .execute();
}

export interface NewAttachment {
  id: string;
  application_id: number;
  document_type: string;
  mime_type: string;
  size: number;
  sha256: string;
  remark: string | null;
  scale: string | null;
  file_name: string | null;
  active_content: boolean;
}

export async function insertAttachment(trx: Transaction<Database>, attachment: NewAttachment): Promise<void> {
  await trx.insertInto('attachment').values(attachment).execute();
}

/** The application's files of one document that are not replaced yet, with their review status. */
export async function currentFilesOf(db: Db, applicationId: number, documentType: string) {
  return db
    .selectFrom('attachment')
    .select(['id', 'status'])
    .where('application_id', '=', applicationId)
    .where('document_type', '=', documentType)
    .where('status', '!=', 'replaced')
    .execute();
}

export async function markReplaced(trx: Transaction<Database>, attachmentIds: string[]): Promise<void> {
  await trx.updateTable('attachment').set({ status: 'replaced' }).where('id', 'in', attachmentIds).execute();
}

/** The application's files of one document (any status), oldest first. */
export async function filesOf(trx: Transaction<Database>, applicationId: number, documentType: string) {
  return trx
    .selectFrom('attachment')
    .select(['id', 'status'])
    .where('application_id', '=', applicationId)
    .where('document_type', '=', documentType)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deleteAttachments(trx: Transaction<Database>, attachmentIds: string[]): Promise<void> {
  await trx.deleteFrom('attachment').where('id', 'in', attachmentIds).execute();
}

/** The bytes of every file the application keeps (replaced ones too: they are still on disk). */
export async function storedBytesOf(db: Db, applicationId: number): Promise<number> {
  const row = await db
    .selectFrom('attachment')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.val(0)).as('bytes'))
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** An application's documents, oldest first, as the back office lists them. */
export async function attachmentsOf(db: Db, applicationId: number) {
  return db
    .selectFrom('attachment')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .execute();
}
/** The document staff review, locked until the review is written. */
export async function lockAttachment(trx: Transaction<Database>, attachmentId: string) {
  return trx
    .selectFrom('attachment')
    .select(['id', 'application_id', 'document_type', 'status'])
    .where('id', '=', attachmentId)
    .forUpdate()
    .executeTakeFirst();
}
/** Staff's review of a document: accepted or rejected, with their remark. */
export async function setAttachmentReview(
  trx: Transaction<Database>,
  attachmentId: string,
  status: string,
  remark: string | null,
) {
  return trx
    .updateTable('attachment')
    .set({ status, remark })
    .where('id', '=', attachmentId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The application's files but those replaced by a newer one, newest first. */
export async function currentAttachments(db: Db, applicationId: number) {
  return db
    .selectFrom('attachment')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('status', '!=', 'replaced')
    .orderBy('created_at', 'desc')
    .execute();
}

/** One file, only if it is the application's own. */
export async function findOwnAttachment(db: Db, applicationId: number, attachmentId: string) {
  return db
    .selectFrom('attachment')
    .select(['id', 'document_type', 'mime_type', 'size'])
    .where('id', '=', attachmentId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
}

/** Any application's file, as staff open it: whose it is, and what it is. */
export async function findAttachment(db: Db, attachmentId: string) {
  return db
    .selectFrom('attachment')
    .select(['id', 'application_id', 'document_type', 'mime_type', 'size'])
    .where('id', '=', attachmentId)
    .executeTakeFirst();
}
