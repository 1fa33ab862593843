import type { Kysely } from 'kysely';
import type { Language } from '../../shared/reference-data';
import { formatReferenceNumber } from '../applications/reference-number';
import { iso } from '../back-office/back-office-rules';
import type { MessagesPage, PagedByReferenceRequest } from '../back-office/back-office-types';
import { pageOf } from '../back-office/staff-paging';
import type { Database } from '../db/schema';
import { findMessages } from './conversation-repository';

/** What applicants sent, those not answered yet first, for staff (list_messages). */
export async function listMessages(
  deps: { db: Kysely<Database> },
  input: PagedByReferenceRequest,
  language: Language = 'en',
): Promise<MessagesPage> {
  const { page, page_size, applicationId } = await pageOf(deps.db, input, language);
  if (applicationId === null) return { items: [], total: 0, page, page_size };
  const { rows, total } = await findMessages(deps.db, applicationId, page_size, (page - 1) * page_size);
  const items = rows.map((r) => ({
    message_id: r.id,
    reference_number: formatReferenceNumber(r.reference_number),
    subject: r.subject,
    message: r.message,
    created_at: iso(r.created_at)!,
    answered_at: iso(r.answered_at),
    answered_by: r.answered_by,
  }));
  return { items, total, page, page_size };
}
