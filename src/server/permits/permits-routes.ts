import type { FastifyInstance } from 'fastify';
import {
  DOWNLOAD_PERMIT_PATH,
  VERIFY_PERMIT_PATH,
  downloadPermitBody,
  verifyPermitBody,
  type DownloadPermitBody,
  type VerifyPermitBody,
} from '../../shared/api/permits';
import { ok } from '../http/envelope';
import { PERMIT_VERIFY_LIMIT } from '../http/rate-limits';
import { requireSession } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';
import type { PermitsService } from './permits-service';

/** The public permit check, and the signed-in applicant's download of their permit (a PDF, not an envelope). */
export function permitsRoutes(app: FastifyInstance, permits: PermitsService, sessions: SessionStore): void {
  app.post<{ Body: VerifyPermitBody }>(
    VERIFY_PERMIT_PATH,
    {
      config: { rateLimit: PERMIT_VERIFY_LIMIT },
      schema: {
        summary:
          'Public: whether a permit is valid, not yet valid, expired, renewed or revoked, with its public facts ' +
          '(plot, approved use, storeys, validity, issuing unit), and whether `signature` (from its QR link) is ' +
          'the portal’s: `signature: mismatch` means the document may be forged. 404 for an unknown number.',
        body: verifyPermitBody,
      },
    },
    async (request, res) => ok(request, res, await permits.verify(request.body)),
  );

  app.post<{ Body: DownloadPermitBody }>(
    DOWNLOAD_PERMIT_PATH,
    {
      // Before the body is read: without a session nothing about the call is answered.
      onRequest: requireSession(sessions),
      schema: {
        summary: "The signed-in application's own permit as a PDF (English and Swahili): the file, not an envelope",
        body: downloadPermitBody,
      },
    },
    async (request, res) => {
      const file = await permits.applicantDocument(request.applicant!.applicationId, request.body.permit_number);
      return res
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(file.bytes.byteLength))
        .header('Content-Disposition', `attachment; filename="${file.file_name}"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(file.bytes));
    },
  );
}
