import type { FastifyInstance } from 'fastify';
import { downloadPermit, verifyPermit } from '../../shared/api/permits';
import { contractRoute } from '../http/contract-route';
import { PERMIT_VERIFY_LIMIT } from '../http/rate-limits';
import { requireSession } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';
import type { PermitsService } from './permits-service';

/** The public permit check, and the signed-in applicant's download of their permit (a PDF, not an envelope). */
export function permitsRoutes(app: FastifyInstance, permits: PermitsService, sessions: SessionStore): void {
  contractRoute(
    app,
    verifyPermit,
    {
      config: { rateLimit: PERMIT_VERIFY_LIMIT },
      summary:
        'Public: whether a permit is valid, not yet valid, expired, renewed or revoked, with its public facts ' +
        '(plot, approved use, storeys, validity, issuing unit), and whether `signature` (from its QR link) is ' +
        'the portal’s: `signature: mismatch` means the document may be forged. 404 for an unknown number.',
    },
    async (request, _res, answer) => answer.ok(await permits.verify(request.body)),
  );

  contractRoute(
    app,
    downloadPermit,
    {
      // Before the body is read: without a session nothing about the call is answered.
      onRequest: requireSession(sessions),
      summary: "The signed-in application's own permit as a PDF (English and Swahili): the file, not an envelope",
    },
    async (request, _res, answer) => {
      const file = await permits.applicantDocument(request.applicant!.applicationId, request.body.permit_number);
      return answer.file({
        type: 'application/pdf',
        name: file.file_name,
        bytes: Buffer.from(file.bytes),
        size: file.bytes.byteLength,
      });
    },
  );
}
