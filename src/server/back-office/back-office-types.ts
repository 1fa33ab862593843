import type {
  AddInvoiceRequest,
  AddNotificationRequest,
  IssuePermitRequest,
  PagedByReferenceRequest,
  UpdateAttachmentRequest,
} from '../../shared/api/back-office';

/**
 * What the back office takes and answers: the HTTP API's bodies and data, the command line's too, are
 * the shared calls' (src/shared/api/back-office.ts: ListApplicationsRequest, StaffApplication, …); the
 * operations take a call's body without the number that names the application, invoice or document.
 */
export type {
  ApplicationsPage,
  ListApplicationsRequest,
  MessagesPage,
  PagedByReferenceRequest,
  RenewalsPage,
  StaffApplication,
  StaffEvent,
  StaffInvoice,
} from '../../shared/api/back-office';

/** add_invoice's body without the reference number. */
export type InvoiceInput = Omit<AddInvoiceRequest, 'reference_number'>;

/** issue_permit's body without the reference number. */
export type PermitInput = Omit<IssuePermitRequest, 'reference_number'>;

/** add_notification's body without the reference number. */
export type NoteInput = Omit<AddNotificationRequest, 'reference_number'>;

/** update_attachment's body without the attachment's id. */
export type AttachmentReview = Omit<UpdateAttachmentRequest, 'attachment_id'>;

/** The page asked for (a list call's `page` and `page_size`, their defaults filled in). */
export type PageInput = Pick<PagedByReferenceRequest, 'page' | 'page_size'>;

/** Set on an answer when the change was made and the dashboard notification written, but the SMS failed. */
export type { Notified } from '../notifications/notice-answer';
