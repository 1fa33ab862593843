import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { downloadReceipt } from '../../shared/api/payments';
import type { Database } from '../db/schema';
import { contractRoute } from '../http/contract-route';
import { requireSession } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';
import { receiptFile } from './receipts';

/** /api/dashboard/download_receipt: a receipt of the signed-in application, the PDF itself (not an envelope). */
export function receiptRoutes(app: FastifyInstance, db: Kysely<Database>, sessions: SessionStore): void {
  void app.register(async (scope) => {
    // The session is checked before the body is read, as for every dashboard call.
    scope.addHook('onRequest', requireSession(sessions));
    contractRoute(
      scope,
      downloadReceipt,
      { summary: "One of the signed-in application's payment receipts, in English and Swahili: the PDF itself" },
      async (request, _res, answer) => {
        const file = await receiptFile(db, request.body.receipt_number, request.applicant!.applicationId);
        return answer.file({ type: 'application/pdf', name: file.file_name, bytes: Buffer.from(file.bytes) });
      },
    );
  });
}
