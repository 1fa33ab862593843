/**
 * What other modules read of an application's files (the `attachment` table's owner is
 * ./attachments-repository.ts, src/server/db/table-owners.ts).
 */
export {
  attachmentsOf,
  currentAttachments,
  draftAttachments,
  findOwnAttachment,
  uploadedDocumentTypes,
} from './attachments-repository';
