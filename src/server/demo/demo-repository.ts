import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The engineer every demo application names: the registry's first active one. */
export async function firstActiveEngineer(db: Kysely<Database>): Promise<{ registration_number: string }> {
  return db
    .selectFrom('engineer')
    .select('registration_number')
    .where('active', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}
