import { dashboardErrors, fileUnavailable, notRenewable, validationFailed } from './errors';
import { localizedTextSchema, nullableString } from './common-schemas';
import { apiCall, fileAnswer, type AnswerOf, type RequestOf } from './call';
import { sessionTimesSchema } from './continue';
import { emptyBodySchema } from './empty-body';
import { feeEstimateAnswerSchema } from './fees';
import { codeSentSchema } from './one-time-code';
import { referenceNumberBody } from './reference-number';

/**
 * The signed-in applicant's dashboard (api-contract.md, Dashboard): every call needs the session cookie
 * and sees only the signed-in application. The messages are in conversation.ts, the invoices and
 * receipts in payments.ts, the requests for changes in change-requests.ts, the permit's PDF in
 * permits.ts, the withdrawal in withdraw.ts.
 */

/** A text the applicant writes: not empty, not only spaces. */
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;
/** A step's answers, by field name. */
const answersSchema = { type: 'object' } as const;

/** Stay signed in: restarts the idle time; answers when the session ends. */
export const keepAlive = apiCall({
  path: '/api/dashboard/keep_alive',
  method: 'POST',
  body: emptyBodySchema,
  answer: sessionTimesSchema,
  errors: [...dashboardErrors],
} as const);
/** When the session ends if nothing happens, and at the latest (also sign-in's answer). */
export type SessionTimes = AnswerOf<typeof keepAlive>;

/** One move of the application's history. */
export const statusEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'remark', 'at'],
  properties: { status: { type: 'string' }, remark: nullableString, at: { type: 'string' } },
} as const;

/** The engineer of the application, as its page shows them. */
export const engineerBlockSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'experience_years', 'email', 'mobile', 'role'],
  properties: {
    name: { type: 'string' },
    experience_years: { type: 'integer' },
    email: { type: 'string' },
    mobile: { type: 'string' },
    role: { anyOf: [localizedTextSchema, { type: 'null' }] },
  },
} as const;

/** The signed-in application: status, history, answers, engineer. */
export const getDashboardApplication = apiCall({
  path: '/api/dashboard/get_application',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: [
      'reference_number',
      'application_type',
      'status',
      'submitted_at',
      'days_applied',
      'personal',
      'answers',
      'history',
      'engineer',
      'can_renew',
      'staff_views',
      'stage_since',
      'expected_decision',
    ],
    properties: {
      reference_number: { type: 'string' },
      application_type: { type: 'string' },
      /** As shown: an issued or renewed permit past its end date shows as 'expired'. */
      status: { type: 'string' },
      submitted_at: nullableString,
      days_applied: { type: 'integer', minimum: 0 },
      /** The applicant step's answers as saved (the profile), whatever the step is called (src/shared/step-modules.ts). */
      personal: answersSchema,
      /** Every step's answers by step id (construction, construction_details, building, …). */
      answers: { type: 'object', additionalProperties: answersSchema },
      history: { type: 'array', items: statusEventSchema },
      engineer: { anyOf: [engineerBlockSchema, { type: 'null' }] },
      /** True when an issued permit may be renewed now. */
      can_renew: { type: 'boolean' },
      /** The fee estimate from the application's own forms version, with its lines (src/shared/api/fees.ts). */
      fee_estimate: { anyOf: [feeEstimateAnswerSchema, { type: 'null' }] },
      /**
       * The unit's looks at the application's personal data, newest first (the latest 20): the role
       * that looked (officer, admin, integration, system) and when, never who (issue 33, item 9).
       */
      /** When it reached its current status (issue 33, item 8). */
      stage_since: { type: 'string' },
      /**
       * The date (YYYY-MM-DD) the unit's service standards promise a decision by, counted in working
       * days from when it reached its stage; null where the next move is the applicant's or the
       * decision is made.
       */
      expected_decision: nullableString,
      staff_views: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['role', 'at'],
          properties: { role: { type: 'string' }, at: { type: 'string' } },
        },
      },
    },
  },
  errors: [...dashboardErrors],
} as const);
export type DashboardApplication = AnswerOf<typeof getDashboardApplication>;
export type StatusEvent = DashboardApplication['history'][number];
export type EngineerBlock = NonNullable<DashboardApplication['engineer']>;

/** The applicant's submitted applications: the same ID number and phone as the signed-in one. */
export const getApplications = apiCall({
  path: '/api/dashboard/get_applications',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['reference_number', 'application_type', 'status', 'submitted_at', 'current'],
      properties: {
        reference_number: { type: 'string' },
        application_type: { type: 'string' },
        status: { type: 'string' },
        submitted_at: nullableString,
        /** The signed-in one. */
        current: { type: 'boolean' },
      },
    },
  },
  errors: [...dashboardErrors],
} as const);
export type ApplicationSummary = AnswerOf<typeof getApplications>[number];

/** Opens another of the applicant's applications: a code goes to its phone, answered by verify_code. */
export const openApplication = apiCall({
  path: '/api/dashboard/open_application',
  method: 'POST',
  body: referenceNumberBody,
  answer: codeSentSchema,
  errors: [...dashboardErrors],
} as const);
export type OpenApplicationRequest = RequestOf<typeof openApplication>;

export const ATTACHMENT_STATUSES = ['uploaded', 'accepted', 'rejected'] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

/** An uploaded document with its review status. */
export const dashboardAttachmentSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'attachment_id',
    'document_type',
    'document_name',
    'file_name',
    'scale',
    'status',
    'remark',
    'size',
    'mime_type',
    'uploaded_at',
  ],
  properties: {
    attachment_id: { type: 'string' },
    document_type: { type: 'string' },
    document_name: localizedTextSchema,
    /** The name the file was sent with, fit to show; null for files uploaded before names were kept. */
    file_name: nullableString,
    /** A drawing's scale ('1:100'), else null. */
    scale: nullableString,
    status: { type: 'string', enum: ATTACHMENT_STATUSES },
    remark: nullableString,
    size: { type: 'integer', minimum: 0 },
    mime_type: { type: 'string' },
    uploaded_at: { type: 'string' },
  },
} as const;

/** The documents uploaded, with their review status. */
export const getAttachments = apiCall({
  path: '/api/dashboard/get_attachments',
  method: 'POST',
  body: emptyBodySchema,
  answer: { type: 'array', items: dashboardAttachmentSchema },
  errors: [...dashboardErrors],
} as const);
export type DashboardAttachment = AnswerOf<typeof getAttachments>[number];

/** The types a document is kept in: a download answers the file in one of them. */
export const DOCUMENT_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** One of the applicant's own documents: the file itself, not an envelope. */
export const downloadAttachment = apiCall({
  path: '/api/dashboard/download_attachment',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['attachment_id'],
    properties: { attachment_id: { type: 'string', minLength: 1, maxLength: 64 } },
  },
  answer: fileAnswer,
  download: DOCUMENT_FILE_TYPES,
  errors: [...dashboardErrors, fileUnavailable],
} as const);
export type DownloadAttachmentRequest = RequestOf<typeof downloadAttachment>;

/** Notifications, newest first; title and message in the request's language where the portal wrote them. */
export const getNotifications = apiCall({
  path: '/api/dashboard/get_notifications',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['notification_id', 'title', 'message', 'remark', 'read', 'created_at'],
      properties: {
        notification_id: { type: 'string' },
        title: { type: 'string' },
        message: { type: 'string' },
        remark: nullableString,
        read: { type: 'boolean' },
        created_at: { type: 'string' },
      },
    },
  },
  errors: [...dashboardErrors],
} as const);
export type Notification = AnswerOf<typeof getNotifications>[number];

/** Marks every notification read: how many were not. */
export const readNotifications = apiCall({
  path: '/api/dashboard/read_notifications',
  method: 'POST',
  body: emptyBodySchema,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['updated'],
    properties: { updated: { type: 'integer', minimum: 0 } },
  },
  errors: [...dashboardErrors],
} as const);
export type ReadNotificationsAnswer = AnswerOf<typeof readNotifications>;

/** A permit as the applicant's Permit tab lists it. */
export const permitSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['permit_number', 'valid_from', 'valid_until', 'status', 'issued_at'],
  properties: {
    permit_number: { type: 'string' },
    valid_from: { type: 'string' },
    valid_until: { type: 'string' },
    /** 'valid' | 'expired' as of today; 'revoked' by staff (issue 19: it is not downloaded again). */
    status: { type: 'string', enum: ['valid', 'expired', 'revoked'] },
    issued_at: { type: 'string' },
  },
} as const;

/** Permits, newest first. */
export const getPermits = apiCall({
  path: '/api/dashboard/get_permits',
  method: 'POST',
  body: emptyBodySchema,
  answer: { type: 'array', items: permitSchema },
  errors: [...dashboardErrors],
} as const);
export type Permit = AnswerOf<typeof getPermits>[number];

/** A renewal request, as the applicant sent it (and the back office's list_renewals lists it). */
export const renewalRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['renewal_id', 'reference_number', 'permit_number', 'type_of_work', 'reason', 'created_at'],
  properties: {
    renewal_id: { type: 'string' },
    reference_number: { type: 'string' },
    permit_number: { type: 'string' },
    type_of_work: { type: 'string' },
    reason: { type: 'string' },
    created_at: { type: 'string' },
  },
} as const;

/** Asks to renew the application's issued permit. */
export const renewPermit = apiCall({
  path: '/api/dashboard/renew_permit',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['permit_number', 'type_of_work', 'reason'],
    properties: { permit_number: text(40), type_of_work: text(200), reason: text(2000) },
  },
  answer: renewalRequestSchema,
  errors: [...dashboardErrors, notRenewable, validationFailed],
} as const);
export type RenewPermitRequest = RequestOf<typeof renewPermit>;
export type RenewalRequest = AnswerOf<typeof renewPermit>;
