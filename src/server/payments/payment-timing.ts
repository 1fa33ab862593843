/** When bills expire, are re-issued and reconciled. */
export interface PaymentTiming {
  /** A re-issued bill is payable this many days. */
  reissueDays: number;
  /** A bill is asked about once it is this old with no notice (min). */
  reconcileAfterMinutes: number;
  /** …and again no sooner than this (min). */
  recheckMinutes: number;
  /** Bills per run of the expiry and reconciliation jobs. */
  batch: number;
  /** The raise job's first try, after the attempt right after commit (s). */
  firstRetrySeconds: number;
  /** Then its retries, this many seconds × 2^n apart (pg-boss's back-off). */
  retryDelaySeconds: number;
}

export const PAYMENT_TIMING: PaymentTiming = {
  reissueDays: 14,
  reconcileAfterMinutes: 10,
  recheckMinutes: 30,
  batch: 50,
  firstRetrySeconds: 60,
  retryDelaySeconds: 60,
};

/** Every 10 minutes: re-issue expired bills. Every 5: reconcile. */
export const REISSUE_CRON = '*/10 * * * *';
export const RECONCILE_CRON = '*/5 * * * *';
export const REISSUE_QUEUE = 'payments-reissue';
export const RECONCILE_QUEUE = 'payments-reconcile';

/** A bill is payable until the end of its invoice's due date in Zanzibar (23:59:59 at UTC+3). */
export function billExpiry(dueDate: string): Date {
  return new Date(`${dueDate}T23:59:59+03:00`);
}
