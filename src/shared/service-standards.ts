import type { ApplicationStatus } from './dashboard';
import { addCalendarDays, isWorkingDay, workingDaysSpan } from './working-days';

/**
 * The development control unit's service standard: the working days an application may stay at a
 * stage while the unit has the next move, before the officers' queue flags it as over. Stages where the
 * next move is the applicant's (returned: the changes' own deadline, flagged by it; approved: the
 * invoice to pay, then the permit, so not counted until payments are part of the clock) or where
 * nothing is awaited (a decision made, a permit issued, withdrawn) have none.
 *
 * These are the unit's defaults; the standards become policy data the unit changes in the studio
 * (issue 33, item 8).
 */
export const SERVICE_STANDARD_DAYS: Readonly<Partial<Record<ApplicationStatus, number>>> = {
  submitted: 3,
  under_review: 20,
  renewal_requested: 10,
};

/**
 * The working days from reaching `status` to the unit's decision, by the standards: a submitted
 * application waits for its review to start, then for its review; one under review for its review.
 * None for a stage whose next move is the applicant's or whose decision is made.
 */
export function daysToDecision(status: string): number | undefined {
  const review = SERVICE_STANDARD_DAYS.under_review ?? 0;
  if (status === 'submitted') return (SERVICE_STANDARD_DAYS.submitted ?? 0) + review;
  if (status === 'under_review') return review;
  return undefined;
}

/** The longest standard: the holidays a queue must know of reach back this far. */
export const LONGEST_STANDARD_DAYS = Math.max(...Object.values(SERVICE_STANDARD_DAYS));

/**
 * The earliest day an application may have reached its stage and not be over a standard of `days`
 * working days on `today`: at a stage since an earlier day, more than `days` working days have passed
 * (working days after the day it arrived, up to and including today, as workingDaysBetween counts).
 */
export function earliestWithinStandard(today: string, days: number, holidays: ReadonlySet<string>): string {
  let day = today;
  // Bounded: a year of holidays on end would stop it there, not loop on.
  for (let passed = 0, left = workingDaysSpan(days) + 366; left > 0; left--) {
    if (isWorkingDay(day, holidays)) {
      if (passed === days) return day;
      passed += 1;
    }
    day = addCalendarDays(day, -1);
  }
  return day;
}

/** How far back the holidays of a queue's counts are needed, in calendar days. */
export const STANDARD_HOLIDAY_SPAN_DAYS = workingDaysSpan(LONGEST_STANDARD_DAYS);
