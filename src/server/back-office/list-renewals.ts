import type { Kysely } from 'kysely';
import type { Language } from '../../shared/reference-data';
import { formatReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import { findRenewals } from '../permits/permits-access';
import { iso } from './back-office-rules';
import type { PagedByReferenceRequest, RenewalsPage } from './back-office-types';
import { pageOf } from './staff-paging';

/** Permit renewal requests, newest first (list_renewals). */
export async function listRenewals(
  deps: { db: Kysely<Database> },
  input: PagedByReferenceRequest,
  language: Language = 'en',
): Promise<RenewalsPage> {
  const { page, page_size, applicationId } = await pageOf(deps.db, input, language);
  if (applicationId === null) return { items: [], total: 0, page, page_size };
  const { rows, total } = await findRenewals(deps.db, applicationId, page_size, (page - 1) * page_size);
  const items = rows.map((r) => ({
    renewal_id: r.id,
    reference_number: formatReferenceNumber(r.reference_number),
    permit_number: r.permit_number,
    type_of_work: r.type_of_work,
    reason: r.reason,
    created_at: iso(r.created_at)!,
  }));
  return { items, total, page, page_size };
}
