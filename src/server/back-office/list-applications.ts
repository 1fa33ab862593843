import type { Kysely } from 'kysely';
import { APPLICATION_STATUSES, isApplicationStatus, todayIso } from '../../shared/dashboard';
import type { Language } from '../../shared/reference-data';
import { stepWithModule } from '../../shared/step-modules';
import { formatReferenceNumber, normalizeReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import type { FormsService } from '../forms/forms-service';
import { countApplications, findApplications, type ApplicationFilter } from '../applications/application-access';
import { nationalPhoneDigits, normalizeIdNumber } from '../../shared/api/find-reference';
import {
  earliestWithinStandard,
  SERVICE_STANDARD_DAYS,
  STANDARD_HOLIDAY_SPAN_DAYS,
} from '../../shared/service-standards';
import { addCalendarDays, workingDaysBetween } from '../../shared/working-days';
import type { HolidaysService } from '../changes/holidays-service';
import type { StaffActor } from '../staff-accounts/staff-actor';
import { staffNames } from '../staff-accounts/staff-directory';
import { Problems, applicantName, iso } from './back-office-rules';
import type { ApplicationsPage, ListApplicationsRequest } from './back-office-types';
import { paging } from './staff-paging';

/** What list_applications runs on (StaffServices has it). */
export interface ListApplicationsDeps {
  db: Kysely<Database>;
  /** The forms being served: their applicant step holds the names searched. */
  forms: Pick<FormsService, 'get'>;
  /** Zanzibar's holidays: the working days at a stage skip them. */
  changes: { holidays: Pick<HolidaysService, 'between'> };
}

/** A reference number's beginning as typed (case, spaces and dashes ignored), if the text can be one. */
function referencePrefix(text: string): string | undefined {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  return /^[0-9A-Z]{1,10}$/.test(compact) ? compact : undefined;
}

/** The search box's text, read every way it can be meant. */
function searchOf(text: string): NonNullable<ApplicationFilter['search']> {
  const prefix = referencePrefix(text);
  const phoneDigits = nationalPhoneDigits(text);
  const idNumber = normalizeIdNumber(text);
  return {
    text,
    ...(prefix ? { referencePrefix: prefix } : {}),
    ...(phoneDigits ? { phoneDigits } : {}),
    ...(idNumber ? { idNumber } : {}),
  };
}

/** By stage, the earliest day of arrival still within its service standard on `today`. */
function withinStandards(today: string, holidays: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SERVICE_STANDARD_DAYS).map(([stage, days]) => [
      stage,
      earliestWithinStandard(today, days, holidays),
    ]),
  );
}

/**
 * Applications by shown status (`expired` too; drafts only when asked for), type, reference number (or
 * its beginning) and part of the applicant's name; most recently changed first.
 */
export async function listApplications(
  deps: ListApplicationsDeps,
  input: ListApplicationsRequest,
  language: Language = 'en',
  actor?: StaffActor,
): Promise<ApplicationsPage> {
  const problems = new Problems(language);
  const { page, page_size } = paging(input, problems);
  if (input.status !== undefined && input.status !== 'expired' && !isApplicationStatus(input.status))
    problems.add('/status', 'status', { statuses: [...APPLICATION_STATUSES, 'expired'].join(', ') });
  let reference: ApplicationFilter['reference'];
  if (input.reference_number !== undefined) {
    const exact = normalizeReferenceNumber(input.reference_number);
    const prefix = referencePrefix(input.reference_number);
    if (exact) reference = { exact };
    else if (prefix) reference = { prefix };
    else problems.add('/reference_number', 'reference_number');
  }
  problems.check();
  const name = input.name?.trim().replace(/\s+/g, ' ');
  const search = input.search?.trim().replace(/\s+/g, ' ');
  const today = todayIso();
  const recentHolidays = await deps.changes.holidays.between(
    addCalendarDays(today, -STANDARD_HOLIDAY_SPAN_DAYS),
    today,
  );
  const filter: ApplicationFilter = {
    today,
    // No applicant step in the forms: a step id no answers have, so no name matches.
    applicantStep: stepWithModule((await deps.forms.get()).forms.steps, 'applicant') ?? '',
    ...(input.status === undefined ? {} : { status: input.status }),
    ...(input.application_type === undefined ? {} : { application_type: input.application_type }),
    ...(reference ? { reference } : {}),
    ...(name ? { name } : {}),
    ...(search ? { search: searchOf(search) } : {}),
    ...(input.overdue ? { overdue: withinStandards(today, recentHolidays) } : {}),
    // "My work": the integration and the command line without --as are nobody's, so have none.
    ...(input.mine ? { assignedTo: actor?.kind === 'staff' ? actor.accountId : -1 } : {}),
  };
  const [rows, total] = await Promise.all([
    findApplications(deps.db, filter, page_size, (page - 1) * page_size),
    countApplications(deps.db, filter),
  ]);
  // The working days at a stage: the holidays back to the page's oldest arrival.
  const arrived = rows.map((r) => todayIso(new Date(r.stage_since)));
  const oldest = arrived.reduce((min, day) => (day < min ? day : min), today);
  const holidays =
    oldest < addCalendarDays(today, -STANDARD_HOLIDAY_SPAN_DAYS)
      ? await deps.changes.holidays.between(oldest, today)
      : recentHolidays;
  const assignees = await staffNames(
    deps.db,
    rows.map((r) => r.assigned_account_id),
  );
  const items = rows.map((r, index) => {
    const assignee = r.assigned_account_id === null ? undefined : assignees.get(r.assigned_account_id);
    const standard = SERVICE_STANDARD_DAYS[r.shown_status as keyof typeof SERVICE_STANDARD_DAYS] ?? null;
    const days = workingDaysBetween(arrived[index]!, today, holidays);
    return {
      reference_number: formatReferenceNumber(r.reference_number),
      application_type: r.application_type,
      status: r.shown_status,
      applicant_name: applicantName(r.personal),
      submitted_at: iso(r.submitted_at),
      updated_at: iso(r.updated_at)!,
      stage_since: iso(r.stage_since)!,
      days_at_stage: days,
      standard_days: standard,
      over: standard === null ? r.shown_status === 'returned' && r.changes_overdue : days > standard,
      assignee: assignee ? { login: assignee.login, name: assignee.name } : null,
    };
  });
  return { items, total, page, page_size };
}
