import type { Kysely } from 'kysely';
import { APPLICATION_STATUSES, isApplicationStatus, todayIso } from '../../shared/dashboard';
import type { Language } from '../../shared/reference-data';
import { stepWithModule } from '../../shared/step-modules';
import { formatReferenceNumber, normalizeReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import type { FormsService } from '../forms/forms-service';
import { countApplications, findApplications, type ApplicationFilter } from '../applications/application-access';
import { Problems, applicantName, iso } from './back-office-rules';
import type { ApplicationsPage, ListApplicationsRequest } from './back-office-types';
import { paging } from './staff-paging';

/** What list_applications runs on (StaffServices has it). */
export interface ListApplicationsDeps {
  db: Kysely<Database>;
  /** The forms being served: their applicant step holds the names searched. */
  forms: Pick<FormsService, 'get'>;
}

/**
 * Applications by shown status (`expired` too; drafts only when asked for), type, reference number (or
 * its beginning) and part of the applicant's name; most recently changed first.
 */
export async function listApplications(
  deps: ListApplicationsDeps,
  input: ListApplicationsRequest,
  language: Language = 'en',
): Promise<ApplicationsPage> {
  const problems = new Problems(language);
  const { page, page_size } = paging(input, problems);
  if (input.status !== undefined && input.status !== 'expired' && !isApplicationStatus(input.status))
    problems.add('/status', 'status', { statuses: [...APPLICATION_STATUSES, 'expired'].join(', ') });
  let reference: ApplicationFilter['reference'];
  if (input.reference_number !== undefined) {
    const exact = normalizeReferenceNumber(input.reference_number);
    const compact = input.reference_number.toUpperCase().replace(/[\s-]/g, '');
    if (exact) reference = { exact };
    else if (/^[0-9A-Z]{1,10}$/.test(compact)) reference = { prefix: compact };
    else problems.add('/reference_number', 'reference_number');
  }
  problems.check();
  const name = input.name?.trim().replace(/\s+/g, ' ');
  const filter: ApplicationFilter = {
    today: todayIso(),
    // No applicant step in the forms: a step id no answers have, so no name matches.
    applicantStep: stepWithModule((await deps.forms.get()).forms.steps, 'applicant') ?? '',
    ...(input.status === undefined ? {} : { status: input.status }),
    ...(input.application_type === undefined ? {} : { application_type: input.application_type }),
    ...(reference ? { reference } : {}),
    ...(name ? { name } : {}),
  };
  const [rows, total] = await Promise.all([
    findApplications(deps.db, filter, page_size, (page - 1) * page_size),
    countApplications(deps.db, filter),
  ]);
  const items = rows.map((r) => ({
    reference_number: formatReferenceNumber(r.reference_number),
    application_type: r.application_type,
    status: r.shown_status,
    applicant_name: applicantName(r.personal),
    submitted_at: iso(r.submitted_at),
    updated_at: iso(r.updated_at)!,
  }));
  return { items, total, page, page_size };
}
