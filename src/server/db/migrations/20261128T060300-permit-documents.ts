import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports no app code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // What the permit document says, written once when it is issued: a later change of the answers (a
  // request for changes, a renewal) never changes a permit already printed. Permits issued before:
  // null, and the document reads the application's answers instead.
  await db.schema
    .alterTable('permit')
    .addColumn('owner_name', 'text', (c) => c.check(sql`char_length(owner_name) <= 300`))
    .addColumn('plot', 'jsonb')
    .addColumn('approved_use', 'text', (c) => c.check(sql`char_length(approved_use) <= 1000`))
    .addColumn('storeys', 'integer', (c) => c.check(sql`storeys between 0 and 60`))
    .addColumn('conditions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Revocation (issue 19, item 4): when, why (told to the applicant, not to the public) and by whom.
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoke_reason', 'text', (c) => c.check(sql`char_length(revoke_reason) <= 1000`))
    .addColumn('revoked_by_kind', 'text')
    .addColumn('revoked_by_account_id', 'integer')
    .addColumn('revoked_by_name', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('permit')
    .dropColumn('owner_name')
    .dropColumn('plot')
    .dropColumn('approved_use')
    .dropColumn('storeys')
    .dropColumn('conditions')
    .dropColumn('revoked_at')
    .dropColumn('revoke_reason')
    .dropColumn('revoked_by_kind')
    .dropColumn('revoked_by_account_id')
    .dropColumn('revoked_by_name')
    .execute();
}
