import { Migrator, sql, type Kysely } from 'kysely';
import { MIGRATIONS } from './migration-list';

/** Brings the database to the latest migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Kysely looks for its migration tables in every schema of the database; name ours, or another
  // schema's tables (another app's, another test's) would be taken for this one's.
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema ?? undefined;
  if (migrationTableSchema && (await upToDate(db, migrationTableSchema))) return [];
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
    migrationTableSchema,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Whether every migration is applied, and nothing else: one query, where the migrator would look
 * through the whole catalog. A restart (after a crash too) is that much quicker to be ready; anything
 * else goes through the migrator.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
async function upToDate(db: Kysely<any>, schema: string): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select to_regclass(format('%I.kysely_migration', ${schema}::text)) is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const applied = await sql<{ name: string }>`select name from ${sql.table(`${schema}.kysely_migration`)}`.execute(db);
  const names = applied.rows.map((row) => row.name).sort();
  const expected = Object.keys(MIGRATIONS);
  return names.length === expected.length && names.every((name, i) => name === expected[i]);
}
