import type { DraftAttachment } from '../../../shared/api/open-draft';

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

export const rememberUpload = (attachmentId: string, file: UploadedFile) => void files.set(attachmentId, file);

/** The draft's files as the server keeps them; a file without a name kept (uploaded before names were) is left out. */
export function rememberDraftFiles(attachments: readonly DraftAttachment[] | undefined): void {
  for (const attachment of attachments ?? [])
    if (attachment.file_name)
      rememberUpload(attachment.attachment_id, { name: attachment.file_name, size: attachment.size });
}

export const uploadedFile = (attachmentId: string): UploadedFile | undefined => files.get(attachmentId);
