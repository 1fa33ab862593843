/**
 * The signed-in applicant's dashboard and the back office: the application's states, the legal moves
 * between them, and the shapes of the /api/dashboard/* answers. Used by the server, the client and
 * the client's mock mode.
 */
import type { FeeEstimateAnswer } from './api/fees';
import type { LocalizedText } from './reference-data';

/** Every status an application can have; 'expired' is shown, never stored (a permit past valid_until). */
export const APPLICATION_STATUSES = [
  'draft',
  'submitted',
  'under_review',
  'returned',
  'approved',
  'rejected',
  'permit_issued',
  'renewal_requested',
  'renewed',
  // By the applicant, before a decision (src/shared/api/withdraw.ts).
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type ShownStatus = ApplicationStatus | 'expired';

/**
 * The moves the back office makes with set_status. The others happen elsewhere: draft → submitted by
 * the applicant's Submit, approved → permit_issued and renewal_requested → renewed by issue_permit,
 * permit_issued → renewal_requested by the applicant's renew_permit; under_review → returned by
 * return_for_changes (typed requests and a deadline), returned → submitted by the applicant's
 * resubmit_changes, returned → withdrawn by withdraw_overdue (src/shared/api/change-requests.ts).
 * returned → under_review stays for changes brought to the office (the open round ends).
 */
export const STATUS_MOVES: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  draft: [],
  submitted: ['under_review'],
  under_review: ['approved', 'rejected'],
  returned: ['under_review'],
  approved: [],
  rejected: [],
  permit_issued: [],
  renewal_requested: [],
  renewed: [],
  withdrawn: [],
};

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

export function canSetStatus(from: string, to: string): boolean {
  return isApplicationStatus(from) && isApplicationStatus(to) && STATUS_MOVES[from].includes(to);
}

/** The status a permit's issue moves to, from the status it is issued in; undefined: not allowed. */
export function statusAfterPermit(from: string): ApplicationStatus | undefined {
  if (from === 'approved') return 'permit_issued';
  if (from === 'renewal_requested') return 'renewed';
  return undefined;
}

/** ISO date (YYYY-MM-DD) of today in the portal's time zone (Zanzibar, UTC+3, no daylight saving). */
export function todayIso(now: Date = new Date()): string {
  return new Date(now.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
}

/** The status shown to people: an issued or renewed permit past its end date shows as expired. */
export function shownStatus(status: string, permitValidUntil: string | null | undefined, today = todayIso()): string {
  const holdsPermit = status === 'permit_issued' || status === 'renewed';
  return holdsPermit && permitValidUntil && permitValidUntil < today ? 'expired' : status;
}

/** The "user" kept in the browser after sign-in (spec: the application record), without secrets. */
export interface SignedInUser {
  reference_number: string;
  application_type: string;
  status: string;
  step_number: number;
  days_applied: number;
  /** Masked, e.g. +2557•••••345: enough to recognise. */
  mobile: string;
  email: string | null;
  first_name: string;
  last_name: string;
}

/** Sign-in and stay-signed-in answers: when the session ends if nothing happens, and at the latest. */
export interface SessionTimes {
  idle_expires_at: string;
  expires_at: string;
  idle_timeout_s: number;
}

export interface StatusEvent {
  status: string;
  remark: string | null;
  at: string;
}

export interface EngineerBlock {
  name: string;
  experience_years: number;
  email: string;
  mobile: string;
  role: LocalizedText | null;
}

/** /api/dashboard/get_application */
export interface DashboardApplication {
  reference_number: string;
  application_type: string;
  status: string;
  submitted_at: string | null;
  days_applied: number;
  /** The applicant step's answers as saved (the profile), whatever the step is called (src/shared/step-modules.ts). */
  personal: Record<string, unknown>;
  /** Every step's answers by step id (construction, construction_details, building, …). */
  answers: Record<string, Record<string, unknown>>;
  history: StatusEvent[];
  engineer: EngineerBlock | null;
  /** True when an issued permit may be renewed now. */
  can_renew: boolean;
  /** The fee estimate from the application's own forms version, with its lines (src/shared/api/fees.ts). */
  fee_estimate?: FeeEstimateAnswer | null;
}

/** /api/dashboard/get_applications: the applicant's applications (same ID number and phone). */
export interface ApplicationSummary {
  reference_number: string;
  application_type: string;
  status: string;
  submitted_at: string | null;
  current: boolean;
}

export type AttachmentStatus = 'uploaded' | 'accepted' | 'rejected';

/** /api/dashboard/get_attachments */
export interface DashboardAttachment {
  attachment_id: string;
  document_type: string;
  document_name: LocalizedText;
  /** The name the file was sent with, fit to show; null for files uploaded before names were kept. */
  file_name: string | null;
  scale: string | null;
  status: AttachmentStatus;
  remark: string | null;
  size: number;
  mime_type: string;
  uploaded_at: string;
}

/** /api/dashboard/get_invoices */
export interface Invoice {
  invoice_id: string;
  description: string | null;
  amount_tzs: number;
  /** The current bill's control number; null while the payment gateway has not given it yet. */
  control_number: string | null;
  due_date: string;
  /** 'partly_paid' and 'expired' since control-number payment (shared/api/payments.ts). */
  status: 'unpaid' | 'partly_paid' | 'paid' | 'expired';
  paid_at: string | null;
  created_at: string;
}

/** /api/dashboard/get_notifications: title and message in the request's language where the portal wrote them. */
export interface Notification {
  notification_id: string;
  title: string;
  message: string;
  remark: string | null;
  read: boolean;
  created_at: string;
}

/** /api/dashboard/get_permits */
export interface Permit {
  permit_number: string;
  valid_from: string;
  valid_until: string;
  /** 'valid' | 'expired' as of today; 'revoked' by staff (issue 19: it is not downloaded again). */
  status: 'valid' | 'expired' | 'revoked';
  issued_at: string;
}

/** /api/dashboard/renew_permit and the back office's list_renewals */
export interface RenewalRequest {
  renewal_id: string;
  reference_number: string;
  permit_number: string;
  type_of_work: string;
  reason: string;
  created_at: string;
}

/** /api/dashboard/send_message and the back office's list_messages */
export interface ApplicantMessage {
  message_id: string;
  reference_number: string;
  subject: string | null;
  message: string;
  created_at: string;
}
