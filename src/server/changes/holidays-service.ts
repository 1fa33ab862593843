import type { Kysely } from 'kysely';
import type { AddHolidayRequest, Holiday, RemovedHoliday } from '../../shared/api/change-requests';
import { addCalendarDays, addWorkingDays, workingDaysBetween, workingDaysSpan } from '../../shared/working-days';
import type { Language } from '../../shared/reference-data';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { isIsoDate, Problems } from '../back-office/back-office-rules';
import { actorLabel, type StaffActor } from '../staff-accounts/staff-actor';
import * as repo from './holidays-repository';

/** Zanzibar's public holidays as data, and the working-day arithmetic over them. */
export class HolidaysService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(year?: number): Promise<Holiday[]> {
    const from = year === undefined ? '2000-01-01' : `${year}-01-01`;
    const to = year === undefined ? '2100-12-31' : `${year}-12-31`;
    return repo.holidaysBetween(this.db, from, to);
  }

  async add(input: AddHolidayRequest, actor: StaffActor, language: Language): Promise<Holiday> {
    const problems = new Problems(language);
    if (!isIsoDate(input.date) || input.date < '2000-01-01' || input.date > '2100-12-31') problems.add('/date', 'date');
    const name_en = input.name_en.trim();
    const name_sw = input.name_sw.trim();
    if (!name_en) problems.add('/name_en', 'required');
    if (!name_sw) problems.add('/name_sw', 'required');
    problems.check();
    if (!(await repo.insertHoliday(this.db, { date: input.date, name_en, name_sw, created_by: actorLabel(actor) })))
      throw new ApiError(409, 'changes.holiday_exists', { date: input.date }, { date: input.date });
    return { date: input.date, name_en, name_sw, expected: false };
  }

  async remove(date: string): Promise<RemovedHoliday> {
    if (!(await repo.deleteHoliday(this.db, date)))
      throw new ApiError(404, 'changes.holiday_not_found', { date }, { date });
    return { date };
  }

  /** The holidays from `from` to `to` (both included), as a set of dates. */
  async between(from: string, to: string): Promise<Set<string>> {
    return new Set((await repo.holidaysBetween(this.db, from, to)).map((r) => r.date));
  }

  /** The holidays a count of working days from `from` may meet. */
  private async holidaySet(from: string, days: number): Promise<Set<string>> {
    const rows = await repo.holidaysBetween(this.db, from, addCalendarDays(from, workingDaysSpan(days)));
    return new Set(rows.map((r) => r.date));
  }

  /** The date `count` working days after `from`. */
  async addWorkingDays(from: string, count: number): Promise<string> {
    return addWorkingDays(from, count, await this.holidaySet(from, count));
  }

  /** Working days after `from` up to and including `to`. */
  async workingDaysLeft(from: string, to: string): Promise<number> {
    if (to <= from) return 0;
    const rows = await repo.holidaysBetween(this.db, from, to);
    return workingDaysBetween(from, to, new Set(rows.map((r) => r.date)));
  }
}
