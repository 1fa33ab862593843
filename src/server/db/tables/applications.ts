import type { ColumnType, Generated } from 'kysely';

/** Applications and what hangs on them: drafts' keys and receipts, files, change rounds, renewals, engineers' confirmations. */
export interface ApplicationTables {
  application: ApplicationTable;
  application_event: ApplicationEventTable;
  draft_key: DraftKeyTable;
  save_receipt: SaveReceiptTable;
  attachment: AttachmentTable;
  upload_tally: UploadTallyTable;
  change_round: ChangeRoundTable;
  renewal_request: RenewalRequestTable;
  engineer_confirmation: EngineerConfirmationTable;
  staff_view: StaffViewTable;
}

export interface ApplicationTable {
  id: Generated<number>;
  reference_number: string;
  application_type: string;
  status: Generated<string>;
  step_number: Generated<number>;
  answers: ColumnType<Record<string, unknown>, string | undefined, string>;
  phone: string | null;
  id_number: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
  submitted_at: ColumnType<Date | null, Date | undefined, Date>;
  language: Generated<string>;
  /** Raised by every write of the answers: saves compare and set it. */
  revision: Generated<number>;
  /** The published forms version the answers were last saved under (null before versions existed). */
  forms_version: number | null;
  /** Save & Complete Later: what was typed on steps not valid yet, by step id (not finished steps). */
  unfinished: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The officer of the unit who has it (issue 33, item 2), and since when; null while nobody has. */
  assigned_account_id: ColumnType<number | null, never, number | null>;
  assigned_at: ColumnType<Date | null, never, Date | null>;
  /** When it reached its current status: written with every change of it (writeStatus, submit). */
  stage_since: ColumnType<Date, Date | undefined, Date>;
}
export interface ApplicationEventTable {
  id: Generated<number>;
  application_id: number;
  status: string;
  remark: string | null;
  created_at: ColumnType<Date, never, never>;
  /** The back-office call that wrote the line (null: the applicant's own moves, or older lines). */
  action: ColumnType<string | null, string | null | undefined, never>;
  /** False for a staff action that moved no status (not shown in the applicant's history). */
  status_changed: ColumnType<boolean, boolean | undefined, never>;
  /** What the action was about: ids and numbers (an invoice's, a document's, a message's). */
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  /** Who made it: 'staff' (an account), 'integration' (the bearer token) or 'system'; null before accounts. */
  by_kind: ColumnType<string | null, string | null | undefined, never>;
  by_account_id: ColumnType<number | null, number | null | undefined, never>;
  /** The account's display name then, or the integration's or system's name. */
  by_name: ColumnType<string | null, string | null | undefined, never>;
}
/** A draft owner's proof (the secret in the browser's draft cookie), by its sha256. */
export interface DraftKeyTable {
  token_hash: string;
  application_id: number;
  created_at: ColumnType<Date, never, never>;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
}
/** A save's answer by the sha256 of its idempotency key (`save_id`), so that a repeat is not saved twice. */
export interface SaveReceiptTable {
  key_hash: string;
  application_id: number;
  step_number: number;
  created_draft: boolean;
  created_at: ColumnType<Date, never, never>;
}
export interface AttachmentTable {
  id: string;
  application_id: number;
  document_type: string;
  mime_type: string;
  size: number;
  sha256: string;
  status: Generated<string>;
  remark: string | null;
  /** A drawing's scale as printed on it ('1:100'); null for other documents or when none was given. */
  scale: ColumnType<string | null, string | null | undefined, string | null>;
  /** The name the file was sent with, fit to show (src/shared/api/open-draft.ts shownFileName); null before names were kept. */
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** A PDF with scripts, automatic actions, launches or embedded files (pdf-active-content.ts): flagged to staff. */
  active_content: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, never, never>;
}
/** Bytes one client (a SHA-256 of its address) uploaded on a UTC day ('2026-12-02'): the daily upload quota. */
export interface UploadTallyTable {
  client: string;
  day: string;
  bytes: ColumnType<string | number, number, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
/** A round of an officer's requests for changes and the applicant's answer (src/server/changes). */
export interface ChangeRoundTable {
  id: Generated<number>;
  application_id: number;
  number: number;
  /** open | resubmitted | closed (staff moved it back to review) | withdrawn */
  status: ColumnType<string, string | undefined, string>;
  requests: ColumnType<unknown[], string, string>;
  remark: string | null;
  due_date: string;
  asked_at: ColumnType<Date, never, never>;
  asked_by_kind: string | null;
  asked_by_account_id: number | null;
  asked_by_name: string | null;
  reminded_at: ColumnType<Date | null, never, Date | null>;
  overdue_at: ColumnType<Date | null, never, Date | null>;
  changes: ColumnType<Record<string, unknown>, string | undefined, string>;
  extensions: ColumnType<unknown[], string | undefined, string>;
  note: ColumnType<string | null, never, string | null>;
  resubmitted_at: ColumnType<Date | null, never, Date | null>;
  closed_at: ColumnType<Date | null, never, Date | null>;
}
export interface RenewalRequestTable {
  id: string;
  application_id: number;
  permit_id: string;
  type_of_work: string;
  reason: string;
  created_at: ColumnType<Date, never, never>;
}
export interface EngineerConfirmationTable {
  token_hash: string;
  registration_number: string;
  /** The draft the confirmation was asked for: it confirms that one alone. */
  application_id: number | null;
  expires_at: Date;
  /** When the draft's engineer step first carried it. */
  used_at: ColumnType<Date | null, never, Date>;
  created_at: ColumnType<Date, never, never>;
}

/** A staff member's (or the integration's) look at an application's personal data (issue 33, item 9). */
export interface StaffViewTable {
  id: Generated<number>;
  application_id: number;
  by_kind: string;
  by_account_id: number | null;
  by_name: string;
  /** The account's role, or the integration or system: what the applicant is shown. */
  role: string;
  viewed_at: ColumnType<Date, never, never>;
}
