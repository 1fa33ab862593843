import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { roundsOf } from '../changes/changes-access';
import { changesOf } from '../changes/change-rounds';
import { deleteAttachments, filesOf } from './attachments-repository';

/**
 * Uploads never pile up: a document keeps at most `keep` files, the new one included. Before Submit
 * (a draft) the oldest beyond it go, whatever their status; after it only files already replaced do.
 * Never a file something names: the documents step's answer (documents[code]) or, after Submit, a
 * round of changes (the file it asked for and those that file replaced, which staff compare). Runs
 * under the application's lock; answers the ids deleted, whose files go once the transaction commits.
 */
export async function makeRoom(
  trx: Transaction<Database>,
  room: { applicationId: number; documentType: string; keep: number; afterSubmit: boolean; named: unknown },
): Promise<string[]> {
  const files = await filesOf(trx, room.applicationId, room.documentType);
  const excess = files.length - (room.keep - 1);
  if (excess <= 0) return [];
  const named = new Set<unknown>([room.named]);
  if (room.afterSubmit) {
    for (const round of await roundsOf(trx, room.applicationId))
      for (const upload of changesOf(round).documents) {
        named.add(upload.attachment_id);
        for (const id of upload.replaced) named.add(id);
      }
  }
  const dropped = files
    .filter((file) => !named.has(file.id) && (!room.afterSubmit || file.status === 'replaced'))
    .slice(0, excess)
    .map((file) => file.id);
  if (dropped.length > 0) await deleteAttachments(trx, dropped);
  return dropped;
}
