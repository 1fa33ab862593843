import type { ColumnType, Generated } from 'kysely';

/** SMS, one-time codes, captchas, sessions of applicants, notifications and messages. */
export interface MessagingTables {
  sms_outbox: SmsOutboxTable;
  sms_message: SmsMessageTable;
  one_time_code: OneTimeCodeTable;
  code_lockout: CodeLockoutTable;
  captcha_spent: CaptchaSpentTable;
  inbound_sms: InboundSmsTable;
  reminder_sent: ReminderSentTable;
  notification: NotificationTable;
  applicant_message: ApplicantMessageTable;
  unit_message: UnitMessageTable;
  applicant_session: ApplicantSessionTable;
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
/** ALTCHA challenges already used, by signature, kept until they expire (single use). */
export interface CaptchaSpentTable {
  signature: string;
  expires_at: Date;
  created_at: ColumnType<Date, never, never>;
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
export interface ApplicantSessionTable {
  token_hash: string;
  application_id: number;
  created_at: ColumnType<Date, never, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  ended_at: ColumnType<Date | null, never, Date>;
}
