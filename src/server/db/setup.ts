import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from './data-dir-lock';
import { openDatabase, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';
import { needsSeeding, seedReferenceData } from './seed/seed-reference-data';

/**
 * Opens the configured database ready for use: PGlite under DATA_DIR (locked against a second
 * server) or PostgreSQL, migrated to the latest version, reference data seeded on first start.
 */
export async function openConfiguredDatabase(
  config: Config,
  log: (line: string) => void = () => {},
): Promise<DatabaseHandle> {
  const unlock = config.DATABASE_URL ? async () => {} : await lockDataDir(config.DATA_DIR);
  try {
    const handle = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.join(config.DATA_DIR, 'pglite'),
    });
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
    if (await needsSeeding(handle.db)) {
      await seedReferenceData(handle.db);
      log('Seeded reference data');
    }
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
