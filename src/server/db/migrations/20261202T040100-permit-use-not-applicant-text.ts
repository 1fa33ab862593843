import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

/**
 * Issue 31, item 7. A permit issued without an approved use from staff took the applicant's own
 * description (the building's, or the repair's) as its "Approved use": the permit and the public verify
 * page printed the applicant's words as the authority's. Those copies are forgotten (the permit then
 * says nothing for it); a use staff gave is kept. The copy was the answer trimmed, its spaces collapsed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update permit set approved_use = null
    where approved_use is not null
      and exists (
        select 1
        from application a, jsonb_each(a.answers) as step(name, answer)
        where a.id = permit.application_id
          and jsonb_typeof(step.answer) = 'object'
          and permit.approved_use in (
            left(regexp_replace(btrim(step.answer ->> 'building_type_description'), '\\s+', ' ', 'g'), 1000),
            left(regexp_replace(btrim(step.answer ->> 'repair_description'), '\\s+', ' ', 'g'), 1000)
          )
      )`.execute(db);
}

export async function down(): Promise<void> {
  // The forgotten copies are not written back: they were never the authority's words.
}
