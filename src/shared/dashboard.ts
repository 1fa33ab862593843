/**
 * The signed-in applicant's dashboard and the back office: the application's states and the legal moves
 * between them. Used by the server, the client and the client's mock mode. The /api/dashboard/* calls
 * and the types of their answers are defined in src/shared/api/dashboard.ts (and conversation.ts,
 * payments.ts, change-requests.ts); their types are named here too.
 */
export type {
  ApplicationSummary,
  AttachmentStatus,
  DashboardApplication,
  DashboardAttachment,
  EngineerBlock,
  Notification,
  Permit,
  RenewalRequest,
  SessionTimes,
  StatusEvent,
} from './api/dashboard';
export type { ApplicantMessage } from './api/conversation';

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

/** An invoice as the back office lists it (the applicant's get_invoices answers ApplicantInvoice, src/shared/api/payments.ts). */
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
