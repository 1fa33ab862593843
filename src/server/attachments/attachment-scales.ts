import type { Transaction } from 'kysely';
import { uploadsOf } from '../../shared/drawing-scales';
import type { Database } from '../db/schema';
import { setAttachmentScale } from './attachments-repository';

/**
 * Stores with each attachment the documents step names the scale given for it there (none: null): on
 * submit the step's answers (`uploads`) are the applicant's last word, whatever was sent with the file.
 */
export async function recordScales(trx: Transaction<Database>, applicationId: number, uploads: unknown): Promise<void> {
  const { documents, scales } = uploadsOf(uploads);
  for (const [code, attachmentId] of Object.entries(documents)) {
    await setAttachmentScale(trx, applicationId, {
      id: attachmentId,
      document_type: code,
      scale: scales[code] ?? null,
    });
  }
}
