/**
 * When reminders go (issue 19, item 6): the one place for these numbers. The texts name the days
 * (locales/<lng>/api.json, `reminders`); a draft's deletion is the retention policy's
 * (retention-policy.ts, abandonedDraftDays).
 */
export const REMINDERS = {
  /** A permit's holder is told this many days before its last valid day, with how to renew. */
  permitExpiryDays: 30,
  /** An unpaid invoice's payer is told this many days before its due date, with the control number. */
  invoiceDueDays: 3,
  /** A draft nobody has saved for this many days: its phone is told how to finish it. */
  draftIdleDays: 30,
} as const;

export type ReminderKind = 'permit_expiry' | 'invoice_due' | 'draft_idle';

/** The job queue of the daily reminders. */
export const REMINDERS_QUEUE = 'reminders';
/** Every day at 06:00 UTC (09:00 in Zanzibar): an SMS in the morning, never at night. */
export const REMINDERS_CRON = '0 6 * * *';
