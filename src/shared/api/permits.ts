/**
 * The permit document (issue 19, item 4): the wire contract of its calls, defined once (the routes
 * validate with these schemas; the client's endpoints and the MSW mocks use these types).
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

export const VERIFY_PERMIT_PATH = '/api/permits/verify';
export const DOWNLOAD_PERMIT_PATH = '/api/dashboard/download_permit';

/** The public page that a permit's QR code opens: /home/verify/<permit number>?s=<signature>. */
export const VERIFY_PAGE_PATH = '/home/verify';

/** The verify page's link of a permit, signed (its QR code and the SMS at issue). */
export function verifyLink(origin: string, permitNumber: string, signature: string): string {
  return `${origin}${VERIFY_PAGE_PATH}/${encodeURIComponent(permitNumber)}?s=${encodeURIComponent(signature)}`;
}

export const verifyPermitBody = {
  type: 'object',
  additionalProperties: false,
  required: ['permit_number'],
  properties: { permit_number: permitNumberProperty, signature: permitSignatureProperty },
} as const;

export interface VerifyPermitBody {
  permit_number: string;
  signature?: string;
}

export const downloadPermitBody = {
  type: 'object',
  additionalProperties: false,
  required: ['permit_number'],
  properties: { permit_number: permitNumberProperty },
} as const;

export interface DownloadPermitBody {
  permit_number: string;
}

/** The answers that locate the building, in this order, as the permit and the verify page show them. */
export const PLOT_FIELDS = ['plot_number', 'shehia', 'ward', 'street_village'] as const;
export type PlotField = (typeof PLOT_FIELDS)[number];
export type Plot = Partial<Record<PlotField, string>>;

/**
 * What a permit is today: revoked by staff; renewed (a newer permit of the same application replaces
 * it); expired (past valid_until); not yet valid (before valid_from); else valid.
 */
export const PERMIT_STATES = ['valid', 'not_yet_valid', 'expired', 'renewed', 'revoked'] as const;
export type PermitState = (typeof PERMIT_STATES)[number];

/** Whether the link's signature is the portal's: absent (the number was typed), valid, or mismatch (may be forged). */
export type SignatureCheck = 'absent' | 'valid' | 'mismatch';

/** The verify call's answer: the minimum public facts (no ID number, phone or email, ever). */
export interface VerifiedPermit {
  permit_number: string;
  status: PermitState;
  signature: SignatureCheck;
  plot: Plot;
  approved_use: string | null;
  /** Storeys above the ground floor (0: the ground floor only); null when the application did not say. */
  storeys: number | null;
  valid_from: string;
  valid_until: string;
  issuing_unit: { en: string; sw: string };
  /** The day it was revoked (YYYY-MM-DD, Zanzibar time), when revoked. */
  revoked_on: string | null;
  /** The permit that replaced it, when renewed. */
  renewed_by: string | null;
  /**
   * The owner's name, only when the link's signature is valid: see permit-verification.ts for why.
   */
  owner_name?: string;
}

/** The bounds of what staff give when issuing a permit (issue_permit) beyond its number and dates. */
export const PERMIT_CONDITIONS_MAX = 20;
export const PERMIT_CONDITION_MAX_LENGTH = 500;
export const APPROVED_USE_MAX_LENGTH = 300;
export const REVOKE_REASON_MAX_LENGTH = 1000;
