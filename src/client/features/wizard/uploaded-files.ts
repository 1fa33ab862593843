/**
 * The name and size of each file uploaded from this tab, by attachment id, for the review to say what
 * will be sent. In memory only: a file's name may be personal, and nothing of it outlives the tab (the
 * server keeps no file names).
 */
export interface UploadedFile {
  name: string;
  size: number;
}

const files = new Map<string, UploadedFile>();

export const rememberUpload = (attachmentId: string, file: UploadedFile) => void files.set(attachmentId, file);

export const uploadedFile = (attachmentId: string): UploadedFile | undefined => files.get(attachmentId);
