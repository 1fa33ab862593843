import { dashboardErrors, permitNotFound, permitRevoked, fileUnavailable } from './errors';
import type { FromSchema } from 'json-schema-to-ts';
import { apiCall, fileAnswer, type AnswerOf, type RequestOf } from './call';

/**
 * The permit document (issue 19, item 4): the wire contract of its calls, defined once (the routes,
 * the service, the client's endpoints and the MSW mocks are built from these).
 *
 * - POST /api/permits/verify { permit_number, signature? }: public, rate-limited. Whether a permit is
 *   valid, not yet valid, expired, renewed or revoked, with the minimum public facts, and whether the
 *   signature of the permit's QR link is the portal's (`mismatch`: the document may be forged).
 * - POST /api/dashboard/download_permit { permit_number }: the signed-in applicant's own permit, as a PDF.
 */

/** A permit number as staff write it (back-office-rules.ts PERMIT_NUMBER): 3 to 40 characters. */
export const permitNumberProperty = {
  type: 'string',
  minLength: 3,
  maxLength: 40,
  pattern: '^[A-Za-z0-9][A-Za-z0-9/.-]{2,39}$',
} as const;

/** The signature of a QR link: base64url, 22 characters today (128 bits); a little room for a longer one. */
export const permitSignatureProperty = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_-]+$',
} as const;

/** The public page that a permit's QR code opens: /home/verify/<permit number>?s=<signature>. */
export const VERIFY_PAGE_PATH = '/home/verify';

/** The verify page's link of a permit, signed (its QR code and the SMS at issue). */
export function verifyLink(origin: string, permitNumber: string, signature: string): string {
  return `${origin}${VERIFY_PAGE_PATH}/${encodeURIComponent(permitNumber)}?s=${encodeURIComponent(signature)}`;
}

/** The answers that locate the building, in this order, as the permit and the verify page show them. */
export const PLOT_FIELDS = ['plot_number', 'shehia', 'ward', 'street_village'] as const;
export type PlotField = (typeof PLOT_FIELDS)[number];

/** Where the building is: the answers of PLOT_FIELDS the application has. */
export const plotSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    plot_number: { type: 'string' },
    shehia: { type: 'string' },
    ward: { type: 'string' },
    street_village: { type: 'string' },
  },
} as const;
export type Plot = FromSchema<typeof plotSchema>;

/**
 * What a permit is today: revoked by staff; renewed (a newer permit of the same application replaces
 * it); expired (past valid_until); not yet valid (before valid_from); else valid.
 */
export const PERMIT_STATES = ['valid', 'not_yet_valid', 'expired', 'renewed', 'revoked'] as const;
export type PermitState = (typeof PERMIT_STATES)[number];

/** Whether the link's signature is the portal's: absent (the number was typed), valid, or mismatch (may be forged). */
export const SIGNATURE_CHECKS = ['absent', 'valid', 'mismatch'] as const;
export type SignatureCheck = (typeof SIGNATURE_CHECKS)[number];

/** The public check of a permit: its state and the minimum public facts (no ID number, phone or email, ever). */
export const verifyPermit = apiCall({
  path: '/api/permits/verify',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['permit_number'],
    properties: {
      permit_number: permitNumberProperty,
      /** The signature of the permit's QR link (its `s`), when the page was opened from it. */
      signature: permitSignatureProperty,
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: [
      'permit_number',
      'status',
      'signature',
      'plot',
      'approved_use',
      'storeys',
      'valid_from',
      'valid_until',
      'issuing_unit',
      'revoked_on',
      'renewed_by',
    ],
    properties: {
      permit_number: { type: 'string' },
      status: { type: 'string', enum: [...PERMIT_STATES] },
      signature: { type: 'string', enum: [...SIGNATURE_CHECKS] },
      plot: plotSchema,
      approved_use: { type: ['string', 'null'] },
      /** Storeys above the ground floor (0: the ground floor only); null when the application did not say. */
      storeys: { type: ['integer', 'null'], minimum: 0 },
      /** YYYY-MM-DD. */
      valid_from: { type: 'string', format: 'date' },
      valid_until: { type: 'string', format: 'date' },
      issuing_unit: {
        type: 'object',
        additionalProperties: false,
        required: ['en', 'sw'],
        properties: { en: { type: 'string' }, sw: { type: 'string' } },
      },
      /** The day it was revoked (YYYY-MM-DD, Zanzibar time), when revoked. */
      revoked_on: { type: ['string', 'null'], format: 'date' },
      /** The permit that replaced it, when renewed. */
      renewed_by: { type: ['string', 'null'] },
      /**
       * The owner's name, only when the link's signature is valid: see permit-verification.ts for why.
       */
      owner_name: { type: 'string' },
    },
  },
  errors: [permitNotFound],
} as const);
export type VerifyPermitRequest = RequestOf<typeof verifyPermit>;
/** The verify call's answer: the minimum public facts (no ID number, phone or email, ever). */
export type VerifiedPermit = AnswerOf<typeof verifyPermit>;

/** The signed-in applicant's own permit, as a PDF (English and Swahili, with its QR code). */
export const downloadPermit = apiCall({
  path: '/api/dashboard/download_permit',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['permit_number'],
    properties: { permit_number: permitNumberProperty },
  },
  answer: fileAnswer,
  download: ['application/pdf'],
  errors: [...dashboardErrors, permitNotFound, permitRevoked, fileUnavailable],
} as const);
export type DownloadPermitRequest = RequestOf<typeof downloadPermit>;

/** The bounds of what staff give when issuing a permit (issue_permit) beyond its number and dates. */
export const PERMIT_CONDITIONS_MAX = 20;
export const PERMIT_CONDITION_MAX_LENGTH = 500;
export const APPROVED_USE_MAX_LENGTH = 300;
export const REVOKE_REASON_MAX_LENGTH = 1000;
