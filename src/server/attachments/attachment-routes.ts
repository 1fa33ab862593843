import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadAttachment } from '../../shared/api/attachments';
import type { DraftRouting } from '../applications/application-routes';
import { contractRoute } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import { DRAFT_WRITE_LIMIT } from '../http/rate-limits';
import { sessionToken } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';
import type { AttachmentsService } from './attachments-service';
import { checkFileName } from './upload-checks';
import { uploadClient } from './upload-client';

/** The multipart parser's own errors (no boundary, a malformed part, the form cut short) are the client's: 400. */
const malformed = (error: unknown): unknown =>
  error instanceof ApiError || (error as { statusCode?: number }).statusCode ? error : new ApiError(400, 'bad_request');

/**
 * POST /api/attachment/upload, multipart/form-data (src/shared/api/attachments.ts): the fields
 * reference_number and document_type (and, for a drawing, an optional scale such as 1:100) first, then
 * one file. A JSON body schema does not apply; the fields are checked here, before the file is read.
 */
export async function attachmentRoutes(
  app: FastifyInstance,
  attachments: AttachmentsService,
  maxBytes: number,
  sessions: SessionStore,
  drafts: DraftRouting,
) {
  // preservePath: the name as sent, so that a path in it is refused rather than quietly cut to its last part.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: maxBytes + 1, files: 1, fields: 4, fieldSize: 200, parts: 6 },
  });

  contractRoute(
    app,
    uploadAttachment,
    {
      config: { rateLimit: DRAFT_WRITE_LIMIT },
      // Multipart is read from the request itself, never inflated: a compressed upload (a decompression
      // bomb, or just unreadable) is refused before anything is read.
      onRequest: async (request: FastifyRequest) => {
        const encoding = request.headers['content-encoding'];
        if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity')
          throw new ApiError(415, 'unsupported_media_type');
      },
      summary:
        'Uploads one document (PDF, JPEG or PNG by content) to a draft (reference_number, with the draft cookie of its owner: without it 404, as for an unknown number) or, without it, to the signed-in application',
    },
    async (request, _res, answer) => {
      if (!request.isMultipart()) throw new ApiError(415, 'unsupported_media_type');
      let file;
      try {
        file = await request.file();
      } catch (error) {
        throw malformed(error);
      }
      if (!file) throw new ApiError(400, 'bad_request');
      const field = (name: string) => {
        const value = file.fields[name];
        return value && !Array.isArray(value) && value.type === 'field' ? String(value.value) : '';
      };
      let target;
      let scale: string | null;
      try {
        // Without a reference number, the upload is the signed-in applicant's (the dashboard).
        const reference = field('reference_number');
        if (reference !== '') {
          await drafts.limits.byReference(request, reference);
          const proof = drafts.cookies.secretFor(request, reference);
          target = await attachments.checkTarget(
            reference,
            field('document_type'),
            proof,
            uploadClient(request),
            request.language,
          );
        } else {
          const session = await sessions.touch(sessionToken(request));
          if (!session) throw new ApiError(401, 'not_signed_in');
          target = await attachments.checkSessionTarget(
            session.applicationId,
            field('document_type'),
            uploadClient(request),
          );
        }
        scale = await attachments.checkScale(target.document, field('scale'), request.language);
        checkFileName(file.filename);
      } catch (error) {
        file.file.resume();
        throw error;
      }
      return answer.ok(await attachments.upload(target, file.file, scale, file.filename), 'uploaded');
    },
  );
}
