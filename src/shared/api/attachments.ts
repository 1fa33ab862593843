import { localizedTextSchema } from './common-schemas';
import { apiCall, type AnswerOf, type RequestOf, apiError } from './call';
import { referenceNumberProperty } from './reference-number';
import {
  dataOf,
  fieldErrorsSchema,
  plainError,
  notSignedIn,
  accessDenied,
  draftNotFound,
  alreadySubmitted,
  applicationWithdrawn,
  documentNotAsked,
  changeRoundErrors,
  storageUnavailable,
} from './errors';

export const fileNameRefused = /* @__PURE__ */ (() =>
  [plainError(400, 'file_name_refused'), plainError(415, 'file_name_refused')] as const)();
export const fileTooLarge = /* @__PURE__ */ apiError({
  status: 413,
  code: 'file_too_large',
  data: dataOf({ max_bytes: { type: 'integer' } }),
} as const);
export const imageTooLarge = /* @__PURE__ */ apiError({
  status: 413,
  code: 'image_too_large',
  data: dataOf({ max_pixels: { type: 'integer' }, max_side: { type: 'integer' } }),
} as const);
export const uploadQuotaApplication = /* @__PURE__ */ apiError({
  status: 413,
  code: 'upload_quota_application',
  data: dataOf({ max_bytes: { type: 'integer' } }),
} as const);
export const uploadQuotaDaily = /* @__PURE__ */ apiError({
  status: 429,
  code: 'upload_quota_daily',
  data: dataOf({ max_bytes: { type: 'integer' }, retry_after_s: { type: 'integer' } }),
} as const);
/** The refusals of an upload's file and document (each 422 at its path: fieldErrorsSchema). */
export const uploadErrors = /* @__PURE__ */ (() =>
  [
    ...fileNameRefused,
    fileTooLarge,
    imageTooLarge,
    uploadQuotaApplication,
    uploadQuotaDaily,
    plainError(415, 'file_type_refused'),
    plainError(422, 'image_damaged'),
    plainError(409, 'document_not_replaceable'),
    apiError({ status: 422, code: 'unknown_document', data: fieldErrorsSchema } as const),
    apiError({ status: 422, code: 'document_not_for_application', data: fieldErrorsSchema } as const),
    apiError({ status: 422, code: 'scale_invalid', data: fieldErrorsSchema } as const),
    apiError({ status: 422, code: 'scale_not_drawing', data: fieldErrorsSchema } as const),
  ] as const)();

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
  errors: [
    ...uploadErrors,
    notSignedIn,
    accessDenied,
    draftNotFound,
    alreadySubmitted,
    applicationWithdrawn,
    documentNotAsked,
    ...changeRoundErrors,
    storageUnavailable,
  ],
} as const);
/** The upload's fields (the file a File in the client's FormData). */
export type UploadRequest = RequestOf<typeof uploadAttachment>;
export type UploadedAttachment = AnswerOf<typeof uploadAttachment>;
