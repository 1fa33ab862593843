import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { openDocument } from '../../shared/api/back-office';
import { BACK_OFFICE_ROLES } from '../../shared/api/staff-session';
import type { Database } from '../db/schema';
import { contractRoute } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import type { RequireStaff } from '../staff-accounts/staff-guard';
import { documentFileName } from './document-file-name';
import type { FolderFileStorage } from './file-storage';
import { staffDocument } from './staff-document';

/**
 * POST /api/staff/open_document: a document of a submitted application, the file itself, for the
 * officers' workspace to show in the page (and for the integration). The same credentials as the back
 * office's actions; each opening is recorded as a look at the application.
 */
export function staffDocumentRoute(
  app: FastifyInstance,
  db: Kysely<Database>,
  storage: FolderFileStorage,
  requireStaff: RequireStaff,
): void {
  const onRequest = requireStaff(BACK_OFFICE_ROLES, { integration: true });
  contractRoute(
    app,
    openDocument,
    { onRequest, summary: 'Back office: a document of a submitted application, the file itself; the look is recorded' },
    async (request, _res, answer) => {
      const actor = request.staff;
      if (!actor) throw new ApiError(401, 'staff_not_signed_in');
      const file = await staffDocument(db, actor, request.body.attachment_id);
      const bytes = await storage.open(file.id); // a missing file answers 503 (the error handler)
      // Stored only of the types it declares: an upload is checked by its content.
      const type = file.mime_type as (typeof openDocument.download)[number];
      return answer.file({ type, name: documentFileName(file), bytes, size: file.size });
    },
  );
}
