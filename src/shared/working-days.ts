/**
 * Working days of the development control unit: Monday to Friday, except Zanzibar's public holidays
 * (kept as data: the public_holiday table, staff actions list_holidays/add_holiday/remove_holiday).
 * Dates are calendar dates (YYYY-MM-DD) in Zanzibar time (UTC+3, see todayIso in dashboard.ts).
 * Pure: the caller gives the holidays.
 */

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Whether `iso` is a working day: not a Saturday, Sunday or holiday. */
export function isWorkingDay(iso: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(iso);
}

/** The date `count` working days after `start` (start itself not counted): a deadline of `count` working days. */
export function addWorkingDays(start: string, count: number, holidays: ReadonlySet<string>): string {
  let day = dayNumber(start);
  for (let left = count; left > 0;) {
    day += 1;
    if (isWorkingDay(isoOf(day), holidays)) left -= 1;
  }
  return isoOf(day);
}

/**
 * The working days after `from` up to and including `to` (0 when `to` is not after `from`): how many
 * working days are left from today until a deadline.
 */
export function workingDaysBetween(from: string, to: string, holidays: ReadonlySet<string>): number {
  let count = 0;
  for (let day = dayNumber(from) + 1, end = dayNumber(to); day <= end; day++)
    if (isWorkingDay(isoOf(day), holidays)) count += 1;
  return count;
}

/** The calendar days that `addWorkingDays(start, count)` may reach at most: the holidays to load. */
export function workingDaysSpan(count: number): number {
  // At most 2 weekend days a week and generously many holidays in between.
  return Math.ceil(count * 2) + 30;
}

/** `iso` moved by `days` calendar days. */
export function addCalendarDays(iso: string, days: number): string {
  return isoOf(dayNumber(iso) + days);
}

/** The last day of a span of `years` years starting on `iso` (2026-12-03, 2 → 2028-12-02). */
export function lastDayOfYears(iso: string, years: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return addCalendarDays(date.toISOString().slice(0, 10), -1);
}
