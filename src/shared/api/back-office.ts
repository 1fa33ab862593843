import {
  validationFailed,
  applicationNotFound,
  applicationWithdrawn,
  receiptNotFound,
  permitNotFound,
  permitRevoked,
  fileUnavailable,
  storageUnavailable,
} from './errors';
import {
  staffErrors,
  illegalStatusMove,
  unknownStatus,
  duplicateControlNumber,
  invoiceNotAllowed,
  invoiceNotFound,
  invoiceAlreadyPaid,
  invoiceAlreadyCancelled,
  duplicatePermitNumber,
  permitNotAllowed,
  permitAlreadyRevoked,
  notSubmitted,
  attachmentNotFound,
  assignedToAnother,
} from './staff-errors';
import { nullableString } from './common-schemas';
import type { FromSchema } from 'json-schema-to-ts';
import { APPLICATION_TYPES } from '../wizard-driver';
import { apiCall, fileAnswer, type AnswerOf, type RequestOf } from './call';
import { changeRoundSchema } from './change-requests';
import { applicantMessageSchema } from './conversation';
import {
  ATTACHMENT_STATUSES,
  DOCUMENT_FILE_TYPES,
  dashboardAttachmentSchema,
  permitSchema,
  renewalRequestSchema,
  statusEventSchema,
} from './dashboard';
import { feeEstimateAnswerSchema } from './fees';
import {
  APPROVED_USE_MAX_LENGTH,
  PERMIT_CONDITION_MAX_LENGTH,
  PERMIT_CONDITIONS_MAX,
  REVOKE_REASON_MAX_LENGTH,
  permitNumberProperty,
} from './permits';
import { referenceNumberProperty } from './reference-number';

/**
 * The back office's calls (api-contract.md, "Back office"): POST /api/staff/<name>, by a staff member
 * signed in as officer or admin, or by the machine integration with its bearer token. The command line
 * (npm run staff) runs the same calls on the database directly (src/server/back-office/staff-actions.ts).
 * The requests for changes' calls are in change-requests.ts, answer_message in conversation.ts.
 */

const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const remark = text(1000);

/** The page asked for: Fastify's validator fills in the defaults. */
export const pagingProperties = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  page_size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

/** A page of a list: its items, how many in all, which page of what size. */
const pageOf = <const Item>(items: Item) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['items', 'total', 'page', 'page_size'],
    properties: {
      items: { type: 'array', items },
      total: { type: 'integer', minimum: 0 },
      page: { type: 'integer', minimum: 1 },
      page_size: { type: 'integer', minimum: 1 },
    },
  }) as const;

/** Set on an answer when the change was made and the dashboard notification written, but the SMS failed (it is retried). */
export const smsFailedProperty = { type: 'boolean', const: true } as const;

/** An invoice as staff see it. */
export const staffInvoiceSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'invoice_id',
    'description',
    'amount_tzs',
    'control_number',
    'due_date',
    'status',
    'paid_at',
    'created_at',
  ],
  properties: {
    invoice_id: { type: 'string' },
    description: nullableString,
    amount_tzs: { type: 'number' },
    /** The current bill's control number; null while the payment gateway has not given it yet. */
    control_number: nullableString,
    due_date: { type: 'string' },
    status: { type: 'string', enum: ['unpaid', 'partly_paid', 'paid', 'expired', 'cancelled'] },
    paid_at: nullableString,
    created_at: { type: 'string' },
    /** What has been paid on it (over its amount too). */
    paid_tzs: { type: 'number' },
    /** Why the amount is not the fee schedule's estimate, as staff said. */
    amount_reason: nullableString,
    /** The estimate's fee lines the amount was taken from (null when staff gave the amount). */
    lines: { type: ['array', 'null'], items: { type: 'object' } },
    /** When and why it was cancelled (staff's reason; null with the application's withdrawal). */
    cancelled_at: nullableString,
    cancel_reason: nullableString,
  },
} as const;
export type StaffInvoice = FromSchema<typeof staffInvoiceSchema>;

/** A line of the application's history as staff see it (newest first). */
export const staffEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...statusEventSchema.required, 'action', 'status_changed', 'details', 'by'],
  properties: {
    ...statusEventSchema.properties,
    /** The back-office call that wrote it; null for the applicant's own moves (submit, withdraw, renew). */
    action: nullableString,
    /** False for an action that moved no status (an invoice, a review, …): the applicant's history leaves it out. */
    status_changed: { type: 'boolean' },
    /** What it was about: ids and numbers. */
    details: { type: 'object' },
    /** Who made it: a staff account (its id and name then), the integration (its name) or the system; null for the applicant. */
    by: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['kind', 'account_id', 'name'],
      properties: { kind: { type: 'string' }, account_id: { type: ['integer', 'null'] }, name: { type: 'string' } },
    },
  },
} as const;
export type StaffEvent = FromSchema<typeof staffEventSchema>;

/**
 * An uploaded document as staff see it: the dashboard's, and those a later upload replaced (`replaced`);
 * `active_content`: a PDF with scripts, automatic actions, launches or embedded files (never opened by the portal).
 */
export const staffAttachmentSchema = {
  ...dashboardAttachmentSchema,
  required: [...dashboardAttachmentSchema.required, 'active_content'],
  properties: {
    ...dashboardAttachmentSchema.properties,
    status: { type: 'string', enum: [...ATTACHMENT_STATUSES, 'replaced'] },
    active_content: { type: 'boolean' },
  },
} as const;

/** A staff member as an application's assignee: their login and name. */
export const assigneeSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['login', 'name'],
  properties: { login: { type: 'string' }, name: { type: 'string' } },
} as const;

/** Search and page applications. */
export const listApplications = apiCall({
  path: '/api/staff/list_applications',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: [],
    properties: {
      /** A status as shown ('expired' too); drafts are listed only when this is 'draft'. */
      status: { type: 'string', minLength: 1, maxLength: 32 },
      application_type: { type: 'string', enum: [...APPLICATION_TYPES] },
      /** The whole reference number, or its beginning (case, spaces and dashes ignored). */
      reference_number: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9 -]+$' },
      /** Part of the applicant's name. */
      name: text(100, 1),
      /**
       * What the officers' search box holds: a reference number (or its beginning), part of the
       * applicant's name, their phone (any way written) or their ID number.
       */
      search: text(100, 1),
      /**
       * Only those over their stage's service standard (src/shared/service-standards.ts), and those
       * returned whose changes are past their deadline.
       */
      overdue: { type: 'boolean' },
      /** Only those assigned to the staff member asking ("My work"). */
      mine: { type: 'boolean' },
      ...pagingProperties,
    },
  },
  answer: pageOf({
    type: 'object',
    additionalProperties: false,
    required: [
      'reference_number',
      'application_type',
      'status',
      'applicant_name',
      'submitted_at',
      'updated_at',
      'stage_since',
      'days_at_stage',
      'standard_days',
      'over',
      'assignee',
    ],
    properties: {
      reference_number: { type: 'string' },
      application_type: { type: 'string' },
      status: { type: 'string' },
      applicant_name: { type: 'string' },
      submitted_at: nullableString,
      updated_at: { type: 'string' },
      /** When it reached its current stage (its latest change of status). */
      stage_since: { type: 'string' },
      /** The working days since, Zanzibar's holidays skipped. */
      days_at_stage: { type: 'integer', minimum: 0 },
      /** The stage's service standard in working days; null where the unit awaits nothing. */
      standard_days: { type: ['integer', 'null'], minimum: 0 },
      /** Over its standard, or returned with its changes past their deadline. */
      over: { type: 'boolean' },
      /** Who works it; null while nobody does. */
      assignee: assigneeSchema,
    },
  } as const),
  errors: [...staffErrors, validationFailed, applicationNotFound],
} as const);
export type ListApplicationsRequest = RequestOf<typeof listApplications>;
export type ApplicationsPage = AnswerOf<typeof listApplications>;

/** One application with everything staff need to decide on it. */
export const getStaffApplication = apiCall({
  path: '/api/staff/get_application',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number'],
    properties: { reference_number: referenceNumberProperty },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: [
      'reference_number',
      'application_type',
      'status',
      'stored_status',
      'applicant_name',
      'phone',
      'id_number',
      'language',
      'created_at',
      'submitted_at',
      'updated_at',
      'allowed_moves',
      'permit_moves_to',
      'answers',
      'history',
      'invoices',
      'permits',
      'attachments',
      'notifications',
      'change_rounds',
      'assignee',
    ],
    properties: {
      reference_number: { type: 'string' },
      application_type: { type: 'string' },
      /** Who works it; null while nobody does. */
      assignee: assigneeSchema,
      /** As shown to people: 'expired' when the latest permit is past its end date. */
      status: { type: 'string' },
      /** As stored: what the legal moves start from. */
      stored_status: { type: 'string' },
      applicant_name: { type: 'string' },
      phone: nullableString,
      id_number: nullableString,
      language: { type: 'string' },
      created_at: { type: 'string' },
      submitted_at: nullableString,
      updated_at: { type: 'string' },
      /** The statuses set_status may move it to now. */
      allowed_moves: { type: 'array', items: { type: 'string' } },
      /** The status issue_permit would move it to, or null when no permit may be issued now. */
      permit_moves_to: nullableString,
      /** Every step's answers by step id. */
      answers: { type: 'object' },
      history: { type: 'array', items: staffEventSchema },
      invoices: { type: 'array', items: staffInvoiceSchema },
      permits: { type: 'array', items: permitSchema },
      attachments: { type: 'array', items: staffAttachmentSchema },
      /** How many notifications the applicant got. */
      notifications: { type: 'integer', minimum: 0 },
      /** Every round of requests for changes, oldest first: what was asked, what changed, the note. */
      change_rounds: { type: 'array', items: changeRoundSchema },
      /** The fee estimate from the application's own forms version: what the invoice would be (fees.ts). */
      fee_estimate: { anyOf: [feeEstimateAnswerSchema, { type: 'null' }] },
    },
  },
  errors: [...staffErrors, applicationNotFound],
} as const);
export type StaffApplication = AnswerOf<typeof getStaffApplication>;

/**
 * Who works an application (issue 33, item 2): an officer takes one nobody has (`assignee` their own
 * login) or gives back their own (`null`); an administrator (or the integration) assigns it to any
 * officer or administrator, or to nobody. Each change is a line of the history, with before and after.
 */
export const assignApplication = apiCall({
  path: '/api/staff/assign_application',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'assignee'],
    properties: {
      reference_number: referenceNumberProperty,
      /** The login of the officer or administrator who is to have it; null: nobody. */
      assignee: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'assignee', 'previous'],
    properties: { reference_number: { type: 'string' }, assignee: assigneeSchema, previous: assigneeSchema },
  },
  errors: [...staffErrors, applicationNotFound, validationFailed, notSubmitted, assignedToAnother],
} as const);
export type AssignApplicationRequest = RequestOf<typeof assignApplication>;
export type AssignApplicationAnswer = AnswerOf<typeof assignApplication>;

/** Move an application along its states. */
export const setStatus = apiCall({
  path: '/api/staff/set_status',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'status'],
    properties: { reference_number: referenceNumberProperty, status: text(32, 1), remark },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'from', 'status'],
    properties: {
      reference_number: { type: 'string' },
      from: { type: 'string' },
      status: { type: 'string' },
      sms_failed: smsFailedProperty,
    },
  },
  errors: [...staffErrors, applicationNotFound, validationFailed, illegalStatusMove, unknownStatus],
} as const);
export type SetStatusRequest = RequestOf<typeof setStatus>;
export type SetStatusAnswer = AnswerOf<typeof setStatus>;

/** An invoice, its bill raised with the payment gateway. */
export const addInvoice = apiCall({
  path: '/api/staff/add_invoice',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'due_date'],
    properties: {
      reference_number: referenceNumberProperty,
      /** Unset: the fee schedule's estimate for the application, with its lines. */
      amount_tzs: { type: 'number' },
      /** Required when the amount is not the fee schedule's estimate: kept with the invoice and in the history. */
      amount_reason: text(1000),
      /** Only for a bill registered elsewhere by the integration; otherwise the gateway gives it. */
      control_number: text(40, 1),
      due_date: text(32, 1),
      description: text(500),
    },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: staffInvoiceSchema.required,
    properties: {
      ...staffInvoiceSchema.properties,
      /** The bill raised with the gateway (none for an external control number). */
      bill_id: { type: 'string' },
      sms_failed: smsFailedProperty,
    },
  },
  errors: [...staffErrors, applicationNotFound, validationFailed, duplicateControlNumber, invoiceNotAllowed],
} as const);
export type AddInvoiceRequest = RequestOf<typeof addInvoice>;
export type AddInvoiceAnswer = AnswerOf<typeof addInvoice>;

/** An invoice paid by hand (cash at the unit, or an exception). */
export const markInvoicePaid = apiCall({
  path: '/api/staff/mark_invoice_paid',
  method: 'POST',
  body: { type: 'object', additionalProperties: false, required: ['invoice_id'], properties: { invoice_id: id } },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: staffInvoiceSchema.required,
    properties: { ...staffInvoiceSchema.properties, sms_failed: smsFailedProperty },
  },
  errors: [
    ...staffErrors,
    applicationNotFound,
    invoiceNotFound,
    applicationWithdrawn,
    invoiceAlreadyPaid,
    invoiceAlreadyCancelled,
  ],
} as const);
export type MarkInvoicePaidAnswer = AnswerOf<typeof markInvoicePaid>;

/** A file answered inside the envelope, as base64 (the command line writes it out). */
const base64FileProperties = {
  file_name: { type: 'string' },
  mime_type: { type: 'string', const: 'application/pdf' },
  content_base64: { type: 'string', contentEncoding: 'base64' },
} as const;

/** A payment receipt's PDF, by its receipt number. */
export const getReceipt = apiCall({
  path: '/api/staff/get_receipt',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['receipt_number'],
    properties: { receipt_number: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Z0-9-]+$' } },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['file_name', 'mime_type', 'content_base64'],
    properties: base64FileProperties,
  },
  errors: [...staffErrors, receiptNotFound, applicationNotFound],
} as const);
export type ReceiptFileAnswer = AnswerOf<typeof getReceipt>;

/** What a permit says, as staff give it: issue_permit's fields and preview_permit's. */
const permitFields = {
  reference_number: referenceNumberProperty,
  permit_number: text(64, 1),
  valid_from: text(32, 1),
  valid_until: text(32, 1),
  /**
   * The use the permit approves, in staff's words: needed (the service answers 422 without it; the
   * applicant's own description is never printed as the authority's). The storeys: else the answers'.
   */
  approved_use: text(APPROVED_USE_MAX_LENGTH, 1),
  storeys: { type: 'integer', minimum: 0, maximum: 60 },
  /** Conditions printed on the permit, one line each. */
  conditions: { type: 'array', maxItems: PERMIT_CONDITIONS_MAX, items: text(PERMIT_CONDITION_MAX_LENGTH, 1) },
} as const;
const permitRequired = ['reference_number', 'permit_number', 'valid_from', 'valid_until'] as const;

/** A permit for an approved application or a requested renewal. */
export const issuePermit = apiCall({
  path: '/api/staff/issue_permit',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: permitRequired,
    properties: { ...permitFields, remark },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'status', 'permit'],
    properties: {
      reference_number: { type: 'string' },
      status: { type: 'string' },
      permit: permitSchema,
      sms_failed: smsFailedProperty,
    },
  },
  errors: [
    ...staffErrors,
    applicationNotFound,
    validationFailed,
    duplicatePermitNumber,
    permitNotAllowed,
    storageUnavailable,
  ],
} as const);
export type IssuePermitRequest = RequestOf<typeof issuePermit>;
export type IssuePermitAnswer = AnswerOf<typeof issuePermit>;

/**
 * The permit issue_permit would issue with these fields, as a PDF marked as a preview on every page (no
 * QR code, no signed link): checked as issue_permit checks them; nothing is issued or written.
 */
export const previewPermit = apiCall({
  path: '/api/staff/preview_permit',
  method: 'POST',
  body: { type: 'object', additionalProperties: false, required: permitRequired, properties: permitFields },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['file_name', 'mime_type', 'size', 'content_base64'],
    properties: { ...base64FileProperties, size: { type: 'integer', minimum: 0 } },
  },
  errors: [...staffErrors, applicationNotFound, validationFailed, duplicatePermitNumber, permitNotAllowed],
} as const);
export type PreviewPermitRequest = RequestOf<typeof previewPermit>;

/** Revokes a permit with a reason. */
export const revokePermit = apiCall({
  path: '/api/staff/revoke_permit',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['permit_number', 'reason'],
    properties: { permit_number: permitNumberProperty, reason: text(REVOKE_REASON_MAX_LENGTH) },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['permit_number', 'reference_number', 'revoked_at'],
    properties: {
      permit_number: { type: 'string' },
      reference_number: { type: 'string' },
      revoked_at: { type: 'string' },
      sms_failed: smsFailedProperty,
    },
  },
  errors: [...staffErrors, permitNotFound, validationFailed, permitAlreadyRevoked, applicationNotFound],
} as const);
export type RevokePermitAnswer = AnswerOf<typeof revokePermit>;

/** A permit's PDF, as base64 in the envelope. */
export const getPermitDocument = apiCall({
  path: '/api/staff/get_permit_document',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['permit_number'],
    properties: { permit_number: permitNumberProperty },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['file_name', 'mime_type', 'size', 'content_base64'],
    properties: { ...base64FileProperties, size: { type: 'integer', minimum: 0 } },
  },
  errors: [...staffErrors, permitNotFound, permitRevoked, fileUnavailable, applicationNotFound],
} as const);
export type PermitDocumentAnswer = AnswerOf<typeof getPermitDocument>;

/** A notification in staff's own words, on the dashboard and by SMS. */
export const addNotification = apiCall({
  path: '/api/staff/add_notification',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'title', 'message'],
    properties: { reference_number: referenceNumberProperty, title: text(200, 1), message: text(2000, 1), remark },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['notification_id'],
    properties: { notification_id: nullableString, sms_failed: smsFailedProperty },
  },
  errors: [...staffErrors, applicationNotFound, validationFailed, notSubmitted],
} as const);
export type AddNotificationRequest = RequestOf<typeof addNotification>;
export type AddNotificationAnswer = AnswerOf<typeof addNotification>;

/** Accept or reject an uploaded document. */
export const updateAttachment = apiCall({
  path: '/api/staff/update_attachment',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['attachment_id', 'status'],
    properties: { attachment_id: id, status: text(16, 1), remark },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['attachment_id', 'document_type', 'status', 'remark'],
    properties: {
      attachment_id: { type: 'string' },
      document_type: { type: 'string' },
      status: { type: 'string' },
      remark: nullableString,
      sms_failed: smsFailedProperty,
    },
  },
  errors: [...staffErrors, applicationNotFound, validationFailed, attachmentNotFound, notSubmitted],
} as const);
export type UpdateAttachmentRequest = RequestOf<typeof updateAttachment>;
export type UpdateAttachmentAnswer = AnswerOf<typeof updateAttachment>;

/**
 * A document of a submitted application, opened by staff to read in the page: the file itself (PDF or
 * image), not an envelope. Each opening is a look recorded like get_application's (issue 33, item 9).
 */
export const openDocument = apiCall({
  path: '/api/staff/open_document',
  method: 'POST',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['attachment_id'],
    properties: { attachment_id: id },
  },
  answer: fileAnswer,
  download: DOCUMENT_FILE_TYPES,
  errors: [...staffErrors, attachmentNotFound, notSubmitted, fileUnavailable],
} as const);
export type OpenDocumentRequest = RequestOf<typeof openDocument>;

/** A page of one application's items, or of all applications'. */
const pagedByReference = {
  type: 'object',
  additionalProperties: false,
  required: [],
  properties: { reference_number: referenceNumberProperty, ...pagingProperties },
} as const;

/** An applicant's message as the unit's inbox lists it: whether, when and by whom it was first answered. */
export const staffMessageSchema = {
  ...applicantMessageSchema,
  required: [...applicantMessageSchema.required, 'answered_at', 'answered_by'],
  properties: { ...applicantMessageSchema.properties, answered_at: nullableString, answered_by: nullableString },
} as const;

/** The messages applicants sent: those not answered yet first, then newest first. */
export const listMessages = apiCall({
  path: '/api/staff/list_messages',
  method: 'POST',
  body: pagedByReference,
  answer: pageOf(staffMessageSchema),
  errors: [...staffErrors, applicationNotFound],
} as const);
export type PagedByReferenceRequest = RequestOf<typeof listMessages>;
export type MessagesPage = AnswerOf<typeof listMessages>;

/** The permit renewal requests applicants sent, newest first. */
export const listRenewals = apiCall({
  path: '/api/staff/list_renewals',
  method: 'POST',
  body: pagedByReference,
  answer: pageOf(renewalRequestSchema),
  errors: [...staffErrors, applicationNotFound],
} as const);
export type RenewalsPage = AnswerOf<typeof listRenewals>;
