import { localizedTextSchema } from './common-schemas';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { referenceNumberProperty } from './reference-number';

/**
 * Uploads one document (PDF, JPEG or PNG by content), multipart/form-data: the fields first (the server
 * reads them before the file), then the file. With `reference_number`, to that draft (with its owner's
 * draft cookie); without it, to the signed-in applicant's application (the dashboard).
 */
export const uploadAttachment = apiCall({
  path: '/api/attachment/upload',
  method: 'POST',
  multipart: true,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['document_type', 'file'],
    properties: {
      /** The draft's; absent for the signed-in applicant's application. */
      reference_number: referenceNumberProperty,
      /** The document's code ('sheha_letter'). */
      document_type: { type: 'string', minLength: 1, maxLength: 200 },
      /** A drawing's scale ('1:100'), when the applicant gave one. */
      scale: { type: 'string', maxLength: 200 },
      /** The file, last. */
      file: { type: 'string', format: 'binary' },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['attachment_id', 'document_name', 'size', 'scale', 'file_name', 'status'],
    properties: {
      attachment_id: { type: 'string' },
      /** The document's name, in each language. */
      document_name: localizedTextSchema,
      /** Bytes. */
      size: { type: 'integer', minimum: 0 },
      /** A drawing's scale as recorded with the file ('1:100'), else null. */
      scale: { type: ['string', 'null'] },
      /** The name as the server keeps it, fit to show (src/shared/api/open-draft.ts shownFileName). */
      file_name: { type: ['string', 'null'] },
      status: { type: 'string', const: 'uploaded' },
    },
  },
} as const);
/** The upload's fields (the file a File in the client's FormData). */
export type UploadRequest = RequestOf<typeof uploadAttachment>;
export type UploadedAttachment = AnswerOf<typeof uploadAttachment>;
