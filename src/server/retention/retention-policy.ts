/**
 * How long each kind of data is kept once it is no longer used: the one place for these numbers.
 * docs/data-retention.md and the Terms' privacy section (locales/<lng>/terms) say the same:
 * change them together.
 */
export const RETENTION = {
  /** A draft application nobody has saved for this long is deleted, its uploaded files with it. */
  abandonedDraftDays: 90,
  /** A file in the upload folder that no attachment names, this old (an upload in flight is younger). */
  orphanFileHours: 24,
  /** A signed-in session, after it ended or expired. */
  endedSessionDays: 30,
  /** A one-time code, after it was used or expired. */
  usedCodeDays: 7,
  /** A captcha, after it expired. */
  expiredCaptchaDays: 1,
  /** An engineer's confirmation no draft carries, after it expired. */
  expiredEngineerConfirmationDays: 7,
  /** A draft key (the proof of a draft's owner), after it ended (idle or past its end). */
  expiredDraftKeyDays: 1,
  /** A delivered SMS's record (its text is emptied at delivery). */
  sentSmsDays: 30,
  /** A text received from a phone (its number and when; never its text): repeats and per-phone limits need a few days. */
  inboundSmsDays: 7,
  /** The development outbox's texts. */
  outboxDays: 7,
  /** A client's count of bytes uploaded on a day (a hash of its address), after its last upload: the daily quota needs today's only. */
  uploadTallyDays: 2,
  /** A staff login's count of wrong passwords or codes, after its last window and lock (a week, as locks are forgotten). */
  staffSignInCountDays: 7,
} as const;

export type RetentionPolicy = { [K in keyof typeof RETENTION]: number };

/** When the sweeps run: every day at 02:30 UTC (05:30 in Zanzibar), the quietest hour. */
export const SWEEP_CRON = '30 2 * * *';
