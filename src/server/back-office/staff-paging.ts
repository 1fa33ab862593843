import type { Kysely } from 'kysely';
import type { Language } from '../../shared/reference-data';
import { normalizeReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import { applicationIdOf } from '../applications/application-access';
import { MAX_PAGE_SIZE, Problems } from './back-office-rules';
import type { PageInput } from './back-office-types';

/** The page a list call asks for, its defaults filled in; its problems added to `problems`. */
export function paging(input: Partial<PageInput>, problems: Problems): PageInput {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? 20;
  if (!Number.isSafeInteger(page) || page < 1 || page > 100_000) problems.add('/page', 'page');
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    problems.add('/page_size', 'page_size', { max: MAX_PAGE_SIZE });
  return { page, page_size: pageSize };
}

/**
 * The page asked for, and the application it is limited to: undefined for all, null for a number
 * no application has (an empty page).
 */
export async function pageOf(
  db: Kysely<Database>,
  input: Partial<PageInput> & { reference_number?: string },
  language: Language,
) {
  const problems = new Problems(language);
  const asked = paging(input, problems);
  problems.check();
  if (input.reference_number === undefined) return { ...asked, applicationId: undefined };
  const reference = normalizeReferenceNumber(input.reference_number);
  const id = reference ? await applicationIdOf(db, reference) : undefined;
  return { ...asked, applicationId: id ?? null };
}
