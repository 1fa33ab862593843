import type { ChangeRound } from '../../shared/api/change-requests';
import type { FeeEstimateAnswer } from '../../shared/api/fees';
import type { DashboardAttachment, Invoice, Permit, StatusEvent } from '../../shared/dashboard';

/** What the back office takes and answers (the HTTP API's bodies and data, the command line's too). */

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface PageInput {
  page: number;
  page_size: number;
}

export interface ListApplicationsInput extends PageInput {
  /** A status as shown ('expired' too); drafts are listed only when this is 'draft'. */
  status?: string;
  application_type?: string;
  /** The whole reference number, or its beginning (case, spaces and dashes ignored). */
  reference_number?: string;
  /** Part of the applicant's name. */
  name?: string;
}

export interface ApplicationListItem {
  reference_number: string;
  application_type: string;
  status: string;
  applicant_name: string;
  submitted_at: string | null;
  updated_at: string;
}

export interface StaffApplication {
  reference_number: string;
  application_type: string;
  /** As shown to people: 'expired' when the latest permit is past its end date. */
  status: string;
  /** As stored: what the legal moves start from. */
  stored_status: string;
  applicant_name: string;
  phone: string | null;
  id_number: string | null;
  language: string;
  created_at: string;
  submitted_at: string | null;
  updated_at: string;
  /** The statuses set_status may move it to now. */
  allowed_moves: string[];
  /** The status issue_permit would move it to, or null when no permit may be issued now. */
  permit_moves_to: string | null;
  answers: Record<string, unknown>;
  history: StaffEvent[];
  invoices: Invoice[];
  permits: Permit[];
  attachments: DashboardAttachment[];
  notifications: number;
  /** Every round of requests for changes, oldest first: what was asked, what changed, the note. */
  change_rounds: ChangeRound[];
  /** The fee estimate from the application's own forms version: what the invoice would be (src/shared/api/fees.ts). */
  fee_estimate?: FeeEstimateAnswer | null;
}

/** A line of the application's history as staff see it (newest first). */
export interface StaffEvent extends StatusEvent {
  /** The back-office call that wrote it; null for the applicant's own moves (submit, withdraw, renew). */
  action: string | null;
  /** False for an action that moved no status (an invoice, a review, …): the applicant's history leaves it out. */
  status_changed: boolean;
  /** What it was about: ids and numbers. */
  details: Record<string, unknown>;
  /** Who made it: a staff account (its id and name then), the integration (its name) or the system; null for the applicant. */
  by: { kind: string; account_id: number | null; name: string } | null;
}

export interface InvoiceInput {
  amount_tzs: number;
  /** Only for a bill registered elsewhere by the integration; otherwise the gateway gives it. */
  control_number?: string;
  due_date: string;
  description?: string | null;
}

export interface PermitInput {
  permit_number: string;
  valid_from: string;
  valid_until: string;
  remark?: string | null;
  /** The use and storeys the permit approves, when staff set them: else the application's answers. */
  approved_use?: string | null;
  storeys?: number | null;
  /** Conditions printed on the permit (each one line of at most 500 characters; at most 20). */
  conditions?: string[] | null;
}

export interface NoteInput {
  title: string;
  message: string;
  remark?: string | null;
}

export interface AttachmentReview {
  status: string;
  remark?: string | null;
}

/** Set on an answer when the change was made and the dashboard notification written, but the SMS failed. */
export interface Notified {
  sms_failed?: true;
}
