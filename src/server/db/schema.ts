import type { ColumnType, Generated } from 'kysely';

/** The tables as Kysely sees them. Migrations in ./migrations are the source of truth. */
export interface Database {
  material: MaterialTable;
  room: RoomTable;
  faq: FaqTable;
  engineer_role: EngineerRoleTable;
  engineer: EngineerTable;
  reference_version: ReferenceVersionTable;
  application: ApplicationTable;
  sms_outbox: SmsOutboxTable;
  sms_message: SmsMessageTable;
  one_time_code: OneTimeCodeTable;
  code_lockout: CodeLockoutTable;
  engineer_confirmation: EngineerConfirmationTable;
  draft_key: DraftKeyTable;
  save_receipt: SaveReceiptTable;
  attachment: AttachmentTable;
  captcha_spent: CaptchaSpentTable;
  applicant_session: ApplicantSessionTable;
  application_event: ApplicationEventTable;
  invoice: InvoiceTable;
  permit: PermitTable;
  notification: NotificationTable;
  applicant_message: ApplicantMessageTable;
  unit_message: UnitMessageTable;
  renewal_request: RenewalRequestTable;
  forms_version: FormsVersionTable;
  staff_account: StaffAccountTable;
  staff_sign_in: StaffSignInTable;
  staff_session: StaffSessionTable;
  studio_draft: StudioDraftTable;
  studio_audit: StudioAuditTable;
  inbound_sms: InboundSmsTable;
  reminder_sent: ReminderSentTable;
  public_holiday: PublicHolidayTable;
  change_round: ChangeRoundTable;
  bill: BillTable;
  payment: PaymentTable;
  simulated_payment: SimulatedPaymentTable;
  payment_exception: PaymentExceptionTable;
  simulated_bill_cancel: SimulatedBillCancelTable;
  upload_tally: UploadTallyTable;
}

interface Bilingual {
  name_en: string;
  name_sw: string;
}

export interface MaterialTable extends Bilingual {
  id: Generated<number>;
  category: string;
  sort_order: number;
}

export interface RoomTable extends Bilingual {
  id: Generated<number>;
  sort_order: number;
}

export interface FaqTable {
  id: Generated<number>;
  question_en: string;
  question_sw: string;
  answer_en: string;
  answer_sw: string;
  sort_order: number;
}

export interface EngineerRoleTable extends Bilingual {
  id: Generated<number>;
  code: string;
  sort_order: number;
}

export interface EngineerTable {
  id: Generated<number>;
  registration_number: string;
  name: string;
  role_id: number;
  experience_years: number;
  email: string;
  mobile: string;
  active: Generated<boolean>;
}

export interface ReferenceVersionTable {
  id: number;
  version: number;
  changed_at: ColumnType<Date, never, never>;
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
}

/** A published forms version: immutable once written. */
export interface FormsVersionTable {
  version: number;
  /** The FormsSet as JSON text (key order kept). */
  content: ColumnType<string, string, never>;
  content_hash: string;
  published_at: ColumnType<Date, Date | undefined, never>;
  published_by: string;
  reason: string;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  message: string;
  purpose: string;
  created_at: ColumnType<Date, never, never>;
}

/** Every SMS, kept until delivered (then its text is emptied) and swept after the retention period. */
export interface SmsMessageTable {
  id: Generated<number>;
  phone: string;
  message: string;
  purpose: string;
  status: ColumnType<'queued' | 'sending' | 'sent', 'queued' | undefined, 'queued' | 'sending' | 'sent'>;
  attempts: Generated<number>;
  last_attempt_at: ColumnType<Date | null, never, Date>;
  sent_at: ColumnType<Date | null, never, Date>;
  created_at: ColumnType<Date, never, never>;
}

export interface OneTimeCodeTable {
  id: Generated<number>;
  purpose: string;
  subject: string;
  code_hash: string;
  challenge_id: string | null;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: ColumnType<Date | null, never, Date>;
  created_at: ColumnType<Date, never, never>;
}

/** Wrong one-time codes of a subject across its codes, and its lock (see src/server/codes/code-lockout.ts). */
export interface CodeLockoutTable {
  subject_key: string;
  failures: Generated<number>;
  window_started_at: Generated<Date>;
  lock_count: Generated<number>;
  locked_until: Date | null;
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

export interface ApplicantSessionTable {
  token_hash: string;
  application_id: number;
  created_at: ColumnType<Date, never, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  ended_at: ColumnType<Date | null, never, Date>;
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

/** A staff member's account (issue 18): a role, an argon2id password hash and a second factor. */
export interface StaffAccountTable {
  id: Generated<number>;
  login: string;
  display_name: string;
  role: string;
  phone: string | null;
  password_hash: string;
  second_factor: string;
  totp_secret: string | null;
  totp_last_step: number | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  disabled_at: Date | null;
}

/** A sign-in whose password was right and whose second factor is awaited, by the sha256 of its id. */
export interface StaffSignInTable {
  token_hash: string;
  /** Null: a pending sign-in of an unknown login under lock, that no code opens. */
  account_id: number | null;
  second_factor: string;
  /** Made while its login was under lock (staff-password-lockout.ts). */
  under_lock: Generated<boolean>;
  /** False: made under lock for a wrong password; no code opens it. */
  password_right: Generated<boolean>;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: ColumnType<Date | null, never, Date>;
  created_at: ColumnType<Date, never, never>;
}

export interface StaffSessionTable {
  token_hash: string;
  account_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  ended_at: ColumnType<Date | null, never, Date>;
}

export interface InvoiceTable {
  id: string;
  application_id: number;
  description: string | null;
  /** bigint: node-postgres answers it as a string. */
  amount_tzs: ColumnType<string | number, number, number>;
  /** The current bill's control number; null until the payment gateway gives one (20261128T060200). */
  control_number: ColumnType<string | null, string | null | undefined, string | null>;
  due_date: string;
  paid_at: ColumnType<Date | null, never, Date>;
  /** The sum of the invoice's payments (bigint). */
  paid_tzs: ColumnType<string | number, never, number>;
  created_at: ColumnType<Date, never, never>;
  /** Cancelled by staff (with a reason) or with its application's withdrawal (20261202T060000). */
  cancelled_at: ColumnType<Date | null, never, Date>;
  cancel_reason: ColumnType<string | null, never, string>;
  /** Why the amount is not the fee schedule's estimate (staff's words). */
  amount_reason: ColumnType<string | null, string | null | undefined, never>;
  /** The estimate's fee lines the amount was taken from (none when staff gave the amount). */
  lines: ColumnType<unknown[] | null, string | null | undefined, never>;
}

/** A bill raised with the payment gateway for an invoice (or its balance, once re-issued). */
export interface BillTable {
  id: string;
  invoice_id: string;
  provider: string;
  control_number: string | null;
  amount_tzs: ColumnType<string | number, number, number>;
  payer_name: string;
  payer_phone: string | null;
  description: string;
  expires_at: Date;
  status: ColumnType<string, string | undefined, string>;
  raise_attempts: ColumnType<number, never, number>;
  last_error: string | null;
  issued_at: Date | null;
  checked_at: Date | null;
  created_at: ColumnType<Date, never, never>;
  /** When the gateway confirmed the bill's cancellation (20261202T060000). */
  gateway_cancelled_at: ColumnType<Date | null, never, Date | null>;
}

export interface PaymentTable {
  id: Generated<number>;
  transaction_id: string;
  invoice_id: string | null;
  bill_id: string | null;
  control_number: string | null;
  amount_tzs: ColumnType<string | number, number, never>;
  channel: string;
  payer_phone: string | null;
  paid_at: Date;
  source: string;
  fingerprint: string;
  receipt_number: string | null;
  created_at: ColumnType<Date, never, never>;
  /** The bill id the notice named (kept to match it once that bill's control number is known). */
  notice_bill_id: ColumnType<string | null, string | null | undefined, never>;
}

/**
 * Money of a payment no invoice takes: `unmatched` (no bill had its control number), `over_payment`
 * (paid over the invoice's amount), `refund_due` (paid on a cancelled invoice or a withdrawn
 * application); open until staff record how it was settled (20261202T060000).
 */
export interface PaymentExceptionTable {
  id: Generated<number>;
  payment_id: number;
  kind: string;
  amount_tzs: ColumnType<string | number, number, never>;
  application_id: ColumnType<number | null, number | null | undefined, number | null>;
  invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, never, never>;
  settled_at: ColumnType<Date | null, never, Date>;
  settled_how: ColumnType<string | null, never, string>;
  settled_remark: ColumnType<string | null, never, string | null>;
  settled_invoice_id: ColumnType<string | null, never, string | null>;
  settled_by_kind: ColumnType<string | null, never, string>;
  settled_by_account_id: ColumnType<number | null, never, number | null>;
  settled_by_name: ColumnType<string | null, never, string>;
}

/** The simulator's cancelled bills (development and tests). */
export interface SimulatedBillCancelTable {
  bill_id: string;
  cancelled_at: ColumnType<Date, never, never>;
}

/** The payment simulator's own ledger (development and tests). */
export interface SimulatedPaymentTable {
  transaction_id: string;
  bill_id: string;
  control_number: string;
  amount_tzs: ColumnType<string | number, number, never>;
  channel: string;
  payer_phone: string | null;
  paid_at: Date;
}

export interface PermitTable {
  id: string;
  application_id: number;
  permit_number: string;
  valid_from: string;
  valid_until: string;
  created_at: ColumnType<Date, never, never>;
  /** What the permit document says, written when issued (null for permits issued before: read from the answers). */
  owner_name: string | null;
  /** The answers that locate the building, by field (plot_number, shehia, ward, street_village). */
  plot: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  approved_use: string | null;
  /** Storeys above the ground floor (0: the ground floor only). */
  storeys: number | null;
  conditions: ColumnType<string[], string | undefined, string>;
  revoked_at: ColumnType<Date | null, never, Date>;
  revoke_reason: ColumnType<string | null, never, string>;
  revoked_by_kind: ColumnType<string | null, never, string>;
  revoked_by_account_id: ColumnType<number | null, never, number | null>;
  revoked_by_name: ColumnType<string | null, never, string>;
}

export interface NotificationTable {
  id: string;
  application_id: number;
  kind: string | null;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  title: string | null;
  message: string | null;
  remark: string | null;
  read_at: ColumnType<Date | null, never, Date>;
  created_at: ColumnType<Date, never, never>;
}

export interface ApplicantMessageTable {
  id: string;
  application_id: number;
  subject: string | null;
  message: string;
  created_at: ColumnType<Date, never, never>;
}

/** The unit's answer to an applicant's message (issue 17, item 11), with who wrote it. */
export interface UnitMessageTable {
  id: string;
  application_id: number;
  in_reply_to: string | null;
  message: string;
  staff_name: string;
  created_at: ColumnType<Date, never, never>;
}

export interface RenewalRequestTable {
  id: string;
  application_id: number;
  permit_id: string;
  type_of_work: string;
  reason: string;
  created_at: ColumnType<Date, never, never>;
}

/** ALTCHA challenges already used, by signature, kept until they expire (single use). */
export interface CaptchaSpentTable {
  signature: string;
  expires_at: Date;
  created_at: ColumnType<Date, never, never>;
}

/** The studio's one shared draft of the next forms version (the row with id 1). */
export interface StudioDraftTable {
  id: number;
  /** The FormsSet as JSON text (key order kept). */
  content: string;
  /** The live version the draft was started from. */
  based_on: number;
  /** Raised by every save: saves compare and set it. */
  revision: number;
  /** JSON text: item → { revision, by, at } (src/server/studio/studio-items.ts). */
  revisions: ColumnType<string, string | undefined, string>;
  updated_by: string | null;
  updated_at: Date | null;
}

/** Every studio action: who, what, when (admins read it). */
export interface StudioAuditTable {
  id: Generated<number>;
  at: ColumnType<Date, never, never>;
  staff_id: number | null;
  staff_name: string;
  action: string;
  subject: string;
  detail: ColumnType<string, string | undefined, never>;
}

/** A text the SMS gateway delivered (issue 19, item 5), by the gateway's id; its text is not kept. */
export interface InboundSmsTable {
  message_id: string;
  /** The sender's 9 national digits (nationalPhoneDigits), or '' for a number that is not one. */
  phone_digits: string;
  /** What was done: 'status', 'unknown', 'help', 'limited' or 'ignored' (src/server/inbound-sms). */
  outcome: string;
  /** Whether an SMS went back: the per-phone limit counts these. */
  replied: boolean;
  received_at: ColumnType<Date, Date | undefined, never>;
}

/** A reminder SMS already sent (issue 19, item 6): one row per thing reminded of, never sent twice. */
export interface ReminderSentTable {
  /** 'permit_expiry', 'invoice_due' or 'draft_idle' (src/server/reminders/reminder-policy.ts). */
  kind: string;
  /** What it reminds of, with the date it is about (a permit's id and valid_until, say). */
  subject: string;
  application_id: number;
  sent_at: ColumnType<Date, Date | undefined, never>;
}

/** Zanzibar's public holidays: working-day deadlines skip them (src/shared/working-days.ts). */
export interface PublicHolidayTable {
  date: string;
  name_en: string;
  name_sw: string;
  /** An Islamic holiday's expected date, until the announced one replaces it. */
  expected: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, never, never>;
  created_by: string | null;
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
