import type { DraftAttachment } from '../../../../../shared/api/open-draft';

/**
 * The name and size of each file uploaded to the draft, by attachment id, for the documents step and the
 * review to say what will be sent: from the upload's answer, and after a reload or a Continue from the
 * draft's files as the server answers them (open_draft, verify_code). In memory only: a file's name may be
 * personal, and nothing of it outlives the tab.
 */
export interface UploadedFile {
  name: string;
  size: number;
}

const files = new Map<string, UploadedFile>();
/** The latest file of each document type, by draft (its reference number): what the documents step showed last. */
const latest = new Map<string, Map<string, string>>();

export const rememberUpload = (attachmentId: string, file: UploadedFile) => void files.set(attachmentId, file);

/**
 * The draft's files as the server keeps them (oldest first). A file without a name kept (uploaded before
 * names were) has no name to show; it still counts as its document's latest file.
 */
export function rememberDraftFiles(referenceNumber: string, attachments: readonly DraftAttachment[] | undefined): void {
  const byType = new Map<string, string>();
  for (const attachment of attachments ?? []) {
    byType.set(attachment.document_type, attachment.attachment_id);
    if (attachment.file_name)
      rememberUpload(attachment.attachment_id, { name: attachment.file_name, size: attachment.size });
  }
  latest.set(referenceNumber, byType);
}

export const uploadedFile = (attachmentId: string): UploadedFile | undefined => files.get(attachmentId);

/** The file last uploaded as `code` to the draft, as the server answered when the draft was reopened. */
export const latestDraftFile = (referenceNumber: string | null, code: string): string | undefined =>
  referenceNumber === null ? undefined : latest.get(referenceNumber)?.get(code);
