// Drafts the reminders' job reminds of (src/server/reminders/): left idle, not reminded of since their last save.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A draft to remind of: its saved phone, in the language the applicant last used. */
export interface IdleDraft {
  application_id: number;
  reference_number: string;
  phone: string;
  language: string;
  updated_at: Date;
}

/**
 * Drafts with a phone, last saved from `notBefore` up to `idleBefore` (30 days ago to the minute), not reminded of since their last save (a draft
 * saved again and left again is reminded again, once).
 */
export async function idleDrafts(
  db: Kysely<Database>,
  idleBefore: Date,
  notBefore: Date,
  limit: number,
): Promise<IdleDraft[]> {
  const rows = await db
    .selectFrom('application as a')
    .select(['a.id as application_id', 'a.reference_number', 'a.phone', 'a.language', 'a.updated_at'])
    .where('a.status', '=', 'draft')
    .where('a.phone', 'is not', null)
    .where('a.updated_at', '<=', idleBefore)
    // Older ones are the sweep's to delete, not to remind of.
    .where('a.updated_at', '>=', notBefore)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminder_sent as r')
            .select('r.subject')
            .where('r.kind', '=', 'draft_idle')
            .whereRef('r.application_id', '=', 'a.id')
            .whereRef('r.sent_at', '>', 'a.updated_at'),
        ),
      ),
    )
    .orderBy('a.updated_at')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, phone: row.phone! }));
}
